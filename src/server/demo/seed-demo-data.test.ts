// The demo seed against a real migrated database and a real temporary storage directory.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { inflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords';
import { DEMO_VOICE_COURSE_ID } from '../config';
import type { Database } from '../db/connect';
import { assignments, courses, enrollments, submissions, users } from '../db/schema';
import { STORAGE_BUCKET, type FileStorage } from '../storage/file-storage';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildUser } from '../test/factories';
import { seedDemoData } from './seed-demo-data';
import type { DetailedFeedback } from './types';

const DEMO_PASSWORD = 'demo-password-for-tests';
const DAY_MS = 24 * 60 * 60 * 1000;

interface Fixture {
  t: TestApp;
  db: Database;
  root: string;
  storage: FileStorage;
}

async function createFixture(): Promise<Fixture> {
  const t = await buildTestApp();
  return { t, db: t.database.db, root: t.config.storageDir, storage: t.storage };
}

async function destroyFixture(fixture: Fixture) {
  await fixture.t.close();
}

const seed = (fixture: Fixture, now?: Date) =>
  seedDemoData(fixture.t.app.serviceDeps, { demoPassword: DEMO_PASSWORD, ...(now && { now }) });

/** Every stored file (key and size), ignoring the hidden temp area. */
async function storedFiles(fixture: Fixture) {
  const bucket = join(fixture.root, STORAGE_BUCKET);
  const entries = await readdir(bucket, { recursive: true, withFileTypes: true }).catch(() => []);
  const keys = entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(bucket.length + 1))
    .filter((key) => !key.startsWith('.'));
  return Promise.all(
    keys.sort().map(async (key) => ({ key, size: (await fixture.storage.stat(key))?.size })),
  );
}

async function snapshot(fixture: Fixture) {
  const byId = <T extends { id: string }>(rows: T[]) =>
    rows.sort((a, b) => a.id.localeCompare(b.id));
  return {
    users: byId(await fixture.db.select().from(users)),
    courses: byId(await fixture.db.select().from(courses)),
    enrollments: byId(await fixture.db.select().from(enrollments)),
    assignments: byId(await fixture.db.select().from(assignments)),
    submissions: byId(await fixture.db.select().from(submissions)),
    files: await storedFiles(fixture),
  };
}

/** Rubric criteria with points, from '## Name (N points)' headings or a table's Points column. */
function rubricCriteria(markdown: string) {
  const headings = [...markdown.matchAll(/^#{2,3} (.+) \((\d+) points?\)$/gm)];
  if (headings.length > 0) return headings.map((m) => ({ criteria: m[1], points: Number(m[2]) }));
  const rows = markdown
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const [header = [], , ...body] = rows;
  const column = header.indexOf('Points');
  return body.map((row) => ({ criteria: row[0], points: Number(row[column]) }));
}

/** The text drawn by the PDF's Tj operators (pdf-lib writes hex strings in deflated streams). */
function pdfText(bytes: Buffer): string {
  const streams = [...bytes.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)];
  const text: string[] = [];
  for (const [, body = ''] of streams) {
    let decoded: string;
    try {
      decoded = inflateSync(Buffer.from(body, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const [, hex = ''] of decoded.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) {
      const chars = Buffer.from(hex, 'hex').toString('latin1');
      text.push(chars.replace(/\x95/g, '\u2022'));
    }
  }
  return text.join(' ');
}

const squash = (text: string) => text.replace(/\s+/g, '');

describe('seeding an empty database', () => {
  let fixture: Fixture;
  const now = new Date();

  beforeAll(async () => {
    fixture = await createFixture();
    await expect(seed(fixture, now)).resolves.toEqual({
      seeded: true,
    });
  });

  afterAll(async () => {
    await destroyFixture(fixture);
  });

  it('creates the teacher and two students, who can sign in with the demo password', async () => {
    const rows = await fixture.db.select().from(users);
    expect(
      rows
        .map(({ full_name, email, role }) => ({ full_name, email, role }))
        .sort((a, b) => a.email.localeCompare(b.email)),
    ).toEqual([
      { full_name: 'Alex Rivera', email: 'alex.rivera@school.test', role: 'student' },
      { full_name: 'Dr. Maya Chen', email: 'maya.chen@school.test', role: 'teacher' },
      { full_name: 'Sam Patel', email: 'sam.patel@school.test', role: 'student' },
    ]);
    for (const row of rows) {
      expect(await verifyPassword(DEMO_PASSWORD, row.password_hash)).toBe(true);
      expect(await verifyPassword('wrong password', row.password_hash)).toBe(false);
    }
  });

  it('gives CS500 the voice course id, both courses to Maya, and Sam a course left to join', async () => {
    const [maya] = await fixture.db
      .select()
      .from(users)
      .where(sql`${users.email} = 'maya.chen@school.test'`);
    const courseRows = await fixture.db.select().from(courses);
    expect(courseRows.find((course) => course.title === 'CS500')?.id).toBe(DEMO_VOICE_COURSE_ID);
    expect(courseRows).toHaveLength(2);
    expect(courseRows.every((course) => course.teacher_id === maya?.id && course.description)).toBe(
      true,
    );

    const rows = await fixture.db
      .select({ email: users.email, course: courses.title })
      .from(enrollments)
      .innerJoin(users, sql`${users.id} = ${enrollments.student_id}`)
      .innerJoin(courses, sql`${courses.id} = ${enrollments.course_id}`);
    const coursesOf = (email: string) =>
      rows
        .filter((row) => row.email === email)
        .map((row) => row.course)
        .sort();
    expect(coursesOf('alex.rivera@school.test')).toEqual([
      'CS500',
      'Data Structures and Algorithms',
    ]);
    expect(coursesOf('sam.patel@school.test')).toEqual(['CS500']);
  });

  it('has every assignment status and due dates past, soon, later and none', async () => {
    const rows = await fixture.db.select().from(assignments);
    expect(new Set(rows.map((row) => row.status))).toEqual(
      new Set(['draft', 'published', 'closed']),
    );

    const dueKind = (due: Date | null) => {
      if (!due) return 'none';
      const ahead = due.getTime() - now.getTime();
      if (ahead < 0) return 'past';
      return ahead <= 3 * DAY_MS ? 'soon' : 'later';
    };
    expect(new Set(rows.map((row) => dueKind(row.due_date)))).toEqual(
      new Set(['past', 'soon', 'later', 'none']),
    );
    expect(rows.some((row) => row.status === 'published' && row.due_date === null)).toBe(true);
    expect(rows.some((row) => row.status === 'published' && dueKind(row.due_date) === 'soon')).toBe(
      true,
    );
    for (const row of rows) expect(row.created_at.getTime()).toBeLessThan(now.getTime());
  });

  it('gives every assignment a Markdown description and a rubric whose points add up to total_points', async () => {
    const rows = await fixture.db.select().from(assignments);
    for (const row of rows) {
      expect(row.description).toMatch(/^## /m);
      expect(row.description).toMatch(/```/);
      expect(row.description).toMatch(/\]\(https:\/\//);
      const criteria = rubricCriteria(row.rubric_markdown ?? '');
      expect(criteria.length, row.title).toBeGreaterThanOrEqual(3);
      expect(
        criteria.every((c) => c.criteria && c.points > 0),
        row.title,
      ).toBe(true);
      expect(
        criteria.reduce((sum, c) => sum + c.points, 0),
        row.title,
      ).toBe(row.total_points);
    }
  });

  it('stores a real PDF for every submission, with the recorded size and the text kept in content', async () => {
    const rows = await fixture.db.select().from(submissions);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    let pages = 0;
    for (const row of rows) {
      expect(row.file_path).toBeTruthy();
      const path = row.file_path ?? '';
      expect(path.endsWith('.pdf')).toBe(true);
      expect((await fixture.storage.stat(path))?.size).toBe(row.file_size);
      const bytes = await buffer(await fixture.storage.read(path));
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.length).toBe(row.file_size);

      const pdf = await PDFDocument.load(bytes);
      pages = Math.max(pages, pdf.getPageCount());
      expect(squash(row.content ?? '').startsWith(squash(pdf.getTitle() ?? '-'))).toBe(true);
      expect(squash(pdfText(bytes))).toBe(squash(row.content ?? ''));
      expect(row.original_filename).toMatch(/\.pdf$/);
    }
    expect(pages).toBeGreaterThanOrEqual(2);
  });

  it('has a graded submission whose breakdown matches its rubric and adds up to its grade', async () => {
    const rows = await fixture.db
      .select({ submission: submissions, assignment: assignments })
      .from(submissions)
      .innerJoin(assignments, sql`${assignments.id} = ${submissions.assignment_id}`);
    const graded = rows.find((row) => row.submission.show_detailed_feedback);
    expect(graded).toBeDefined();
    const { submission, assignment } = graded!;
    const result = submission.detailed_feedback_json as DetailedFeedback;

    expect(submission.status).toBe('graded');
    expect(submission.graded_at!.getTime()).toBeGreaterThan(submission.submitted_at!.getTime());
    expect(submission.feedback).toBeTruthy();
    expect(result.grade).toBe(submission.grade);
    expect(result.percentage).toBe((submission.grade! / assignment.total_points) * 100);
    expect(result.confidence_level).toBeGreaterThanOrEqual(0);
    expect(result.confidence_level).toBeLessThanOrEqual(1);
    expect(result.recommendations.length).toBeGreaterThan(0);
    expect(result.feedback.strengths.length).toBeGreaterThan(0);
    expect(
      result.rubric_breakdown.map((b) => ({ criteria: b.criteria, points: b.max_points })),
    ).toEqual(rubricCriteria(assignment.rubric_markdown ?? ''));
    expect(result.rubric_breakdown.reduce((sum, b) => sum + b.points_earned, 0)).toBe(
      submission.grade,
    );
    for (const item of result.rubric_breakdown) {
      expect(item.points_earned).toBeLessThanOrEqual(item.max_points);
      expect(item.justification && item.quality_assessment).toBeTruthy();
    }
  });

  it('has a pending submission and one submitted after its due date', async () => {
    const rows = await fixture.db
      .select({ submission: submissions, due: assignments.due_date })
      .from(submissions)
      .innerJoin(assignments, sql`${assignments.id} = ${submissions.assignment_id}`);
    const pending = rows.filter((row) => row.submission.grade === null);
    expect(pending.length).toBeGreaterThan(0);
    expect(
      pending.every(
        (row) => row.submission.status === 'submitted' && row.submission.graded_at === null,
      ),
    ).toBe(true);
    expect(rows.some((row) => row.due && row.submission.submitted_at! > row.due)).toBe(true);
    for (const row of rows)
      expect(row.submission.submitted_at!.getTime()).toBeLessThan(now.getTime());
  });

  it('changes nothing when it runs a second time', async () => {
    const before = await snapshot(fixture);
    await expect(seed(fixture)).resolves.toEqual({
      seeded: false,
    });
    expect(await snapshot(fixture)).toEqual(before);
  });
});

describe('seeding a database that already has users', () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await createFixture();
  });
  afterAll(async () => {
    await destroyFixture(fixture);
  });

  it('does nothing at all', async () => {
    await buildUser(fixture.db, { role: 'teacher' });
    const before = await snapshot(fixture);

    await expect(seed(fixture)).resolves.toEqual({
      seeded: false,
    });
    expect(await snapshot(fixture)).toEqual(before);
    expect(before.files).toEqual([]);
  });
});

describe('a seed whose transaction fails', () => {
  let fixture: Fixture;
  beforeAll(async () => {
    fixture = await createFixture();
  });
  afterAll(async () => {
    await destroyFixture(fixture);
  });

  it('leaves neither rows nor files behind', async () => {
    // A real database failure on the last insert, after the files have been stored.
    await fixture.db.execute(
      sql.raw(`create function reject_insert() returns trigger language plpgsql as $$
        begin raise exception 'simulated failure'; end $$`),
    );
    await fixture.db.execute(
      sql.raw(`create trigger reject_submissions before insert on submissions
        for each statement execute function reject_insert()`),
    );

    await expect(seed(fixture)).rejects.toMatchObject({
      cause: expect.objectContaining({ message: 'simulated failure' }),
    });
    const after = await snapshot(fixture);
    expect(after.users).toEqual([]);
    expect(after.courses).toEqual([]);
    expect(after.files).toEqual([]);
  });
});
