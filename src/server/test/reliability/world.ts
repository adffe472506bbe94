// The fixture world the reliability tests run against: one owning teacher with a course, a
// published assignment, an enrolled student with a submission and an uploaded file, a chat
// thread; plus a teacher and a student who have nothing to do with that course.
import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import { getTableName, sql } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema';
import { buildTestApp, type TestApp } from '../build-test-app';
import { buildAssignment, buildCourse, enrol } from '../factories';
import { signedInUser } from '../sign-in';
import { filesOnDisk, submit, uploaded } from '../uploads';

/** The voice course of the test app: the world's course gets this id. */
export const VOICE_COURSE_ID = '7a9d2c1e-5b4f-4e8a-9c3d-1f2e3d4c5b6a';

export const CALLERS = [
  'anonymous',
  'otherStudent',
  'enrolledStudent',
  'otherTeacher',
  'owningTeacher',
] as const;
export type Caller = (typeof CALLERS)[number];

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

export async function buildReliabilityApp() {
  return buildTestApp({ env: { VOICE_COURSE_ID } });
}

export async function buildWorld(t: TestApp) {
  const owningTeacher = await signedInUser(t, 'teacher', 'Owning Teacher');
  const otherTeacher = await signedInUser(t, 'teacher', 'Other Teacher');
  const enrolledStudent = await signedInUser(t, 'student', 'Enrolled Student');
  const otherStudent = await signedInUser(t, 'student', 'Other Student');
  const course = await buildCourse(t.database.db, owningTeacher.id, {
    id: VOICE_COURSE_ID,
    title: 'Reliability',
  });
  const assignment = await buildAssignment(t.database.db, course.id, { total_points: 100 });
  await enrol(t.database.db, course.id, enrolledStudent.id);
  const file = await uploaded(t, enrolledStudent, assignment.id);
  const submitted = await submit(t, enrolledStudent, assignment.id, file);
  if (submitted.statusCode !== 200 && submitted.statusCode !== 201) {
    throw new Error(`submit failed: ${submitted.body}`);
  }
  const submission = submitted.json<{ id: string }>();
  const thread = await t.app.inject({
    method: 'POST',
    url: '/api/chat/threads',
    headers: owningTeacher.headers,
    payload: { title: 'Planning' },
  });
  // The world's writes schedule background work (the voice course's knowledge base); let it
  // finish, so a test's before/after snapshots see only what the test itself caused.
  await t.app.jobs.drain();
  const users: Record<Caller, SignedIn | null> = {
    anonymous: null,
    otherStudent,
    enrolledStudent,
    otherTeacher,
    owningTeacher,
  };
  const world = {
    t,
    users,
    owningTeacher,
    otherTeacher,
    enrolledStudent,
    otherStudent,
    course,
    assignment,
    file,
    submission,
    thread: thread.json<{ id: string }>(),
    /** A course, published assignment, enrolment and submission made for one destructive call. */
    async throwaway(assignment: Partial<typeof schema.assignments.$inferInsert> = {}) {
      const c = await buildCourse(t.database.db, owningTeacher.id, { title: 'Throwaway' });
      const a = await buildAssignment(t.database.db, c.id, { total_points: 10, ...assignment });
      await enrol(t.database.db, c.id, enrolledStudent.id);
      const f = await uploaded(t, enrolledStudent, a.id);
      const s = await submit(t, enrolledStudent, a.id, f);
      return { course: c, assignment: a, file: f, submission: s.json<{ id: string }>() };
    },
    /** A fresh Mylo suggestion for the world's submission (offline engine). */
    async suggestionId() {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/agent/test/grade-submission',
        headers: owningTeacher.headers,
        payload: {
          submission_id: submission.id,
          assignment_id: assignment.id,
          course_id: course.id,
        },
      });
      if (response.statusCode !== 200) throw new Error(`auto-grade failed: ${response.body}`);
      return response.json<{ suggestion_id: string }>().suggestion_id;
    },
    /** A throwaway assignment with a due date where the enrolled student has an extension. */
    async extendedAssignmentId() {
      const { assignment: a } = await world.throwaway({
        due_date: new Date('2030-01-01T12:00:00Z'),
      });
      await t.database.db.insert(schema.extensions).values({
        assignment_id: a.id,
        student_id: enrolledStudent.id,
        due_date: new Date('2030-01-03T12:00:00Z'),
        granted_by: owningTeacher.id,
      });
      return a.id;
    },
    async throwawayThread() {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/chat/threads',
        headers: owningTeacher.headers,
        payload: { title: 'Throwaway thread' },
      });
      return response.json<{ id: string }>();
    },
  };
  return world;
}
export type World = Awaited<ReturnType<typeof buildWorld>>;

const TABLES = (Object.values(schema) as unknown[]).filter(
  (value): value is PgTable =>
    typeof value === 'object' && value !== null && Symbol.for('drizzle:IsDrizzleTable') in value,
);

/**
 * Row count and a hash of every row of every table, and every stored file with its size,
 * once background work has settled (so only what a test caused shows up between two).
 */
export async function snapshot(t: TestApp) {
  await t.app.jobs.drain();
  const tables: Record<string, string> = {};
  for (const table of TABLES) {
    const name = getTableName(table);
    const { columns } = getTableConfig(table);
    const result = await t.database.db.execute(
      sql`select * from ${table} order by ${sql.raw(columns.map((c) => `"${c.name}"::text`).join(', '))}`,
    );
    const rows = (result as unknown as { rows: unknown[] }).rows;
    tables[name] =
      `${rows.length} rows, ${createHash('sha256').update(JSON.stringify(rows)).digest('hex')}`;
  }
  // Stored files are never overwritten (DESIGN §8), so a path and its size tell them apart.
  const files: Record<string, number> = {};
  for (const path of await filesOnDisk(t)) {
    files[path] = (await stat(join(t.config.storageDir, path))).size;
  }
  return { tables, files };
}

/** DESIGN §6: every error is {error: {code, message, details?}}. */
export function isErrorShape(body: unknown): boolean {
  if (typeof body !== 'object' || body === null) return false;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const keys = Object.keys(body);
  return (
    keys.length === 1 &&
    typeof code === 'string' &&
    code.length > 0 &&
    typeof message === 'string' &&
    message.length > 0
  );
}
