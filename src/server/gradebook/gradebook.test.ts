// The gradebook (DESIGN §11) through HTTP against a real database: the table a teacher sees,
// and the CSV files parsed back as a spreadsheet would read them. Who may call each route is
// also checked for every caller by the reliability route table.
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gradebook } from '@domain/schemas/gradebook';
import { submissions } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment, buildCourse, enrol } from '../test/factories';
import { isErrorShape } from '../test/reliability/world';
import { signedInUser } from '../test/sign-in';

type User = Awaited<ReturnType<typeof signedInUser>>;

const NAMES = {
  ada: 'Lovelace, Ada',
  grace: 'Grace "Amazing" Hopper',
  lines: 'Line\nBreak Student',
  formula: '=HYPERLINK("http://evil.test","click")',
  plus: '+Plus Student',
  minus: '-Minus Student',
  at: '@At Student',
  tab: '\tTab Student',
  zoe: 'Zoë Ünïcode',
};

let t: TestApp;
let teacher: User, otherTeacher: User;
const students: Record<keyof typeof NAMES, User> = {} as never;
let leaver: User;
let course: Awaited<ReturnType<typeof buildCourse>>;
let essay: Awaited<ReturnType<typeof buildAssignment>>;
let quiz: Awaited<ReturnType<typeof buildAssignment>>;
const submissionIds: Record<string, string> = {};

const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.database.db;
  teacher = await signedInUser(t, 'teacher', 'Ada Teacher');
  otherTeacher = await signedInUser(t, 'teacher', 'Other Teacher');
  course = await buildCourse(db, teacher.id, { title: 'Algebra, "Honours"' });
  for (const [key, name] of Object.entries(NAMES)) {
    const student = await signedInUser(t, 'student', name);
    students[key as keyof typeof NAMES] = student;
    await enrol(db, course.id, student.id);
  }
  leaver = await signedInUser(t, 'student', 'Left The Course');
  // Essay: due in the past, manual release, released at noon on the 12th.
  essay = await buildAssignment(db, course.id, {
    title: 'Essay',
    total_points: 10,
    due_date: at('2026-01-10T23:59:00Z'),
    grade_release: 'manual',
    grades_released_at: at('2026-01-12T12:00:00Z'),
  });
  // Quiz: no due date, automatic release. Created first, listed second (undated last).
  quiz = await buildAssignment(db, course.id, { title: 'Quiz', total_points: 20 });
  await buildAssignment(db, course.id, { title: 'Draft idea', status: 'draft' });

  const hand = async (
    key: string,
    student: User,
    assignmentId: string,
    submittedAt: string,
    graded?: { grade: number; at: string },
  ) => {
    const [row] = await db
      .insert(submissions)
      .values({
        assignment_id: assignmentId,
        student_id: student.id,
        status: graded ? 'graded' : 'submitted',
        submitted_at: at(submittedAt),
        grade: graded?.grade ?? null,
        graded_at: graded ? at(graded.at) : null,
        original_filename: 'work.pdf',
      })
      .returning({ id: submissions.id });
    submissionIds[key] = row!.id;
  };
  // Ada: on time and graded before the release; the quiz graded (automatic release).
  await hand('ada-essay', students.ada, essay.id, '2026-01-09T10:00:00Z', {
    grade: 8,
    at: '2026-01-11T09:00:00Z',
  });
  await hand('ada-quiz', students.ada, quiz.id, '2026-01-09T10:00:00Z', {
    grade: 15,
    at: '2026-01-11T09:00:00Z',
  });
  // Grace: late, graded after the release (so not released yet); the quiz handed in only.
  await hand('grace-essay', students.grace, essay.id, '2026-01-11T08:00:00Z', {
    grade: 6.5,
    at: '2026-01-13T09:00:00Z',
  });
  await hand('grace-quiz', students.grace, quiz.id, '2026-01-09T10:00:00Z');
  // Line Break: late and not graded; nothing for the quiz.
  await hand('lines-essay', students.lines, essay.id, '2026-01-11T08:00:00Z');
  // Someone who handed in and left the course is not a row.
  await enrol(db, course.id, leaver.id);
  await hand('leaver-essay', leaver, essay.id, '2026-01-09T10:00:00Z', {
    grade: 1,
    at: '2026-01-11T09:00:00Z',
  });
  await t.app.inject({
    method: 'DELETE',
    url: `/api/courses/${course.id}/enrollments/me`,
    headers: leaver.headers,
  });
});
afterAll(() => t.close());

const get = (url: string, user: User | null = teacher) =>
  t.app.inject({ url, headers: user?.headers });

describe('the gradebook table', () => {
  let book: Gradebook;
  beforeAll(async () => {
    const response = await get(`/api/courses/${course.id}/gradebook`);
    expect(response.statusCode, response.body).toBe(200);
    book = response.json();
  });

  it('has one column per assignment but drafts, soonest due first, with its mean', () => {
    expect(book.assignments).toEqual([
      expect.objectContaining({ id: essay.id, title: 'Essay', mean: 7.25, graded_count: 2 }),
      expect.objectContaining({ id: quiz.id, title: 'Quiz', mean: 15, graded_count: 1 }),
    ]);
  });

  it('has one row per enrolled student, and none for a student who left', () => {
    // The order is the database's collation of names, so only the set is compared here.
    expect(book.students.map((s) => s.full_name).sort()).toEqual(Object.values(NAMES).sort());
    expect(book.students.map((s) => s.id)).not.toContain(leaver.id);
  });

  it('shows a grade or a state in each cell, linked to its submission', () => {
    const row = (key: keyof typeof NAMES) => book.students.find((s) => s.id === students[key].id)!;
    expect(row('ada').cells).toEqual([
      {
        assignment_id: essay.id,
        submission_id: submissionIds['ada-essay'],
        status: 'released',
        grade: 8,
        late: false,
      },
      {
        assignment_id: quiz.id,
        submission_id: submissionIds['ada-quiz'],
        status: 'released',
        grade: 15,
        late: false,
      },
    ]);
    expect(row('grace').cells.map((c) => [c.status, c.grade, c.late])).toEqual([
      ['graded', 6.5, true],
      ['submitted', null, false],
    ]);
    expect(row('lines').cells.map((c) => [c.status, c.submission_id])).toEqual([
      ['late', submissionIds['lines-essay']],
      ['missing', null],
    ]);
  });

  it("totals each student's graded work with its percentage", () => {
    const row = (key: keyof typeof NAMES) => book.students.find((s) => s.id === students[key].id)!;
    expect(row('ada')).toMatchObject({ total: 23, possible: 30, percentage: 76.67 });
    expect(row('grace')).toMatchObject({ total: 6.5, possible: 10, percentage: 65 });
    expect(row('formula')).toMatchObject({ total: 0, possible: 0, percentage: null });
  });
});

/** The file as Excel reads it: BOM, CRLF records, RFC 4180 quoting. */
function parseCsv(body: string): string[][] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  expect(body.endsWith('\r\n')).toBe(true);
  return parse(body, { bom: true, relax_column_count: false });
}

describe('the course CSV', () => {
  let rows: string[][];
  let headers: Record<string, string | string[] | number | undefined>;
  beforeAll(async () => {
    const response = await get(`/api/courses/${course.id}/gradebook.csv`);
    expect(response.statusCode, response.body).toBe(200);
    headers = response.headers;
    rows = parseCsv(response.body);
  });

  it('is a UTF-8 CSV download named after the course', () => {
    expect(headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(headers['content-disposition']).toBe(
      `attachment; filename="algebra-honours-gradebook.csv"; filename*=UTF-8''${encodeURIComponent('Algebra, "Honours" gradebook.csv')}`,
    );
  });

  it('has a header row and one row per enrolled student', () => {
    expect(rows[0]).toEqual([
      'Student',
      'Email',
      'Essay (10 points)',
      'Quiz (20 points)',
      'Total',
      'Possible',
      'Percentage',
    ]);
    expect(rows).toHaveLength(1 + Object.keys(NAMES).length);
  });

  it('keeps names with commas, quotes, line breaks and accents exactly', () => {
    const names = rows.slice(1).map((row) => row[0]);
    for (const name of [NAMES.ada, NAMES.grace, NAMES.lines, NAMES.zoe]) {
      expect(names).toContain(name);
    }
  });

  it('turns text a spreadsheet would run as a formula into text', () => {
    const names = rows.slice(1).map((row) => row[0]);
    for (const name of [NAMES.formula, NAMES.plus, NAMES.minus, NAMES.at, NAMES.tab]) {
      expect(names).toContain(`'${name}`);
      expect(names).not.toContain(name);
    }
  });

  it('writes numbers unformatted and states in words', () => {
    const byName = new Map(rows.slice(1).map((row) => [row[0], row]));
    expect(byName.get(NAMES.ada)).toEqual([
      NAMES.ada,
      students.ada.email,
      '8',
      '15',
      '23',
      '30',
      '76.67',
    ]);
    expect(byName.get(NAMES.grace)?.slice(2)).toEqual(['6.5', 'submitted', '6.5', '10', '65']);
    expect(byName.get(NAMES.lines)?.slice(2)).toEqual(['late', 'missing', '0', '0', '']);
  });
});

describe('the assignment CSV', () => {
  it("lists every enrolled student's state, grade, lateness and release", async () => {
    const response = await get(`/api/assignments/${essay.id}/gradebook.csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toContain(
      'filename="algebra-honours-essay-grades.csv"',
    );
    const rows = parseCsv(response.body);
    expect(rows[0]).toEqual([
      'Student',
      'Email',
      'Status',
      'Grade',
      'Total points',
      'Late',
      'Released',
    ]);
    expect(rows).toHaveLength(1 + Object.keys(NAMES).length);
    const byName = new Map(rows.slice(1).map((row) => [row[0], row.slice(2)]));
    expect(byName.get(NAMES.ada)).toEqual(['released', '8', '10', 'no', 'yes']);
    expect(byName.get(NAMES.grace)).toEqual(['graded', '6.5', '10', 'yes', 'no']);
    expect(byName.get(NAMES.lines)).toEqual(['late', '', '10', 'yes', 'no']);
    expect(byName.get(`'${NAMES.formula}`)).toEqual(['missing', '', '10', 'no', 'no']);
  });
});

describe('who may read the gradebook', () => {
  const urls = () => [
    `/api/courses/${course.id}/gradebook`,
    `/api/courses/${course.id}/gradebook.csv`,
    `/api/assignments/${essay.id}/gradebook.csv`,
  ];

  it('hides it from another teacher (404) and asks the anonymous caller to sign in (401)', async () => {
    for (const url of urls()) {
      const other = await get(url, otherTeacher);
      expect(other.statusCode, url).toBe(404);
      expect(isErrorShape(other.json())).toBe(true);
      expect(other.body).not.toContain(NAMES.ada);
      const anonymous = await get(url, null);
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.body).not.toContain(NAMES.ada);
    }
  });

  it("refuses a student, even one of the course's own", async () => {
    for (const url of urls()) {
      const response = await get(url, students.ada);
      expect(response.statusCode, url).toBe(403);
      expect(response.body).not.toContain('6.5');
    }
  });

  it('answers a malformed id with 400 in the error shape', async () => {
    const response = await get('/api/courses/not-an-id/gradebook.csv');
    expect(response.statusCode).toBe(400);
    expect(isErrorShape(response.json())).toBe(true);
  });
});
