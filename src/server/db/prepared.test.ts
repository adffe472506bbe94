// The course list and the teacher dashboard are prepared reads. On PGlite their answers are
// kept until the database next changes; whatever changes it, the next read sees the change.
// On PostgreSQL nothing is kept: another instance (here, a plain connection) may write.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment, buildCourse } from '../test/factories';
import { signedInUser } from '../test/sign-in';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Teacher = Awaited<ReturnType<typeof signedInUser>>;
const courseList = async (teacher: Teacher) =>
  (await t.app.inject({ url: '/api/courses', headers: teacher.headers })).json<{
    items: { id: string; title: string; student_count: number; assignment_count: number }[];
  }>().items;
const dashboardStats = async (teacher: Teacher) =>
  (await t.app.inject({ url: '/api/dashboard', headers: teacher.headers })).json<{
    stats: { total_courses: number; total_assignments: number };
  }>().stats;

describe('Prepared reads', () => {
  it('show a change made through the API at once, however often they were read before', async () => {
    const teacher = await signedInUser(t, 'teacher');
    const student = await signedInUser(t, 'student');
    const course = await buildCourse(t.database.db, teacher.id, { title: 'Biology' });
    for (let i = 0; i < 3; i++) expect((await courseList(teacher))[0]!.student_count).toBe(0);

    const enrolled = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/enrollments`,
      headers: student.headers,
    });
    expect(enrolled.statusCode, enrolled.body).toBe(201);
    expect((await courseList(teacher))[0]!.student_count).toBe(1);

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/courses/${course.id}`,
      headers: teacher.headers,
      payload: { title: 'Marine biology' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await courseList(teacher))[0]!.title).toBe('Marine biology');
  });

  it('show a change made by any statement, a trigger or a script included', async () => {
    const teacher = await signedInUser(t, 'teacher');
    const course = await buildCourse(t.database.db, teacher.id);
    expect(await dashboardStats(teacher)).toMatchObject({ total_courses: 1, total_assignments: 0 });

    // A factory's insert; the course's count comes from the trigger it fires.
    await buildAssignment(t.database.db, course.id);
    expect(await dashboardStats(teacher)).toMatchObject({ total_assignments: 1 });
    expect((await courseList(teacher))[0]!.assignment_count).toBe(1);

    await t.database.db.execute(sql`delete from assignments where course_id = ${course.id}`);
    expect(await dashboardStats(teacher)).toMatchObject({ total_assignments: 0 });
    expect((await courseList(teacher))[0]!.assignment_count).toBe(0);
  });

  it('answer every caller with their own rows', async () => {
    const [ada, alan] = [await signedInUser(t, 'teacher'), await signedInUser(t, 'teacher')];
    await buildCourse(t.database.db, ada.id, { title: "Ada's course" });
    await buildCourse(t.database.db, alan.id, { title: "Alan's course" });
    for (let i = 0; i < 2; i++) {
      expect((await courseList(ada)).map((c) => c.title)).toEqual(["Ada's course"]);
      expect((await courseList(alan)).map((c) => c.title)).toEqual(["Alan's course"]);
    }
  });

  if (process.env.TEST_DB === 'postgres') {
    it('on PostgreSQL, show what another connection wrote', async () => {
      const teacher = await signedInUser(t, 'teacher');
      const course = await buildCourse(t.database.db, teacher.id, { title: 'Before' });
      expect((await courseList(teacher))[0]!.title).toBe('Before');
      const result = await t.database.db.execute(sql`select current_database() as name`);
      const { name } = (result as unknown as { rows: { name: string }[] }).rows[0]!;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const other = new pg.Client({ connectionString: url.toString() });
      await other.connect();
      try {
        await other.query('update courses set title = $1 where id = $2', ['After', course.id]);
      } finally {
        await other.end();
      }
      expect((await courseList(teacher))[0]!.title).toBe('After');
    });
  }
});
