// The course list and the teacher dashboard are prepared reads, whose answers are kept until
// the database's data version moves; whatever changes the data, the next read sees the change.
// On PostgreSQL the version is the snapshot of committed transactions, which another instance
// (here, a plain connection) moves too.
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { listTeacherCourses } from '../courses/course-queries';
import { buildAssignment, buildCourse, buildUser } from '../test/factories';
import { createTestDatabase, type TestDatabase } from '../test/test-database';
import { users } from './schema';
import { keepReadsUntilWrites, preparedFor, runIn } from './prepared';
import { signedInUser } from '../test/sign-in';
import { snapshotVersions, type SnapshotQueryable } from './snapshot-version';

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

  describe('on a database of their own, with a version and a budget the test sets', () => {
    const statements: string[] = [];
    let own: TestDatabase;
    beforeAll(async () => {
      own = await createTestDatabase({ onQuery: (query) => statements.push(query) });
    });
    afterAll(() => own.destroy());

    it('read for themselves when the data version cannot be had', async () => {
      keepReadsUntilWrites(own.db, () => Promise.reject(new Error('connection lost')));
      const teacher = await buildUser(own.db, { role: 'teacher' });
      await buildCourse(own.db, teacher.id, { title: 'Still here' });
      for (let i = 0; i < 2; i++) {
        const courses = await listTeacherCourses(own.db, teacher.id);
        expect(courses.map((course) => course.title)).toEqual(['Still here']);
      }
    });

    it('keep at most their budget of rows, the oldest answers first out', async () => {
      // A version that never moves, so that only the budget decides what is read again.
      keepReadsUntilWrites(own.db, () => 1, { answers: 10, rows: 3 });
      const teacherWith = async (courses: number) => {
        const teacher = await buildUser(own.db, { role: 'teacher' });
        for (let i = 0; i < courses; i++) await buildCourse(own.db, teacher.id);
        return teacher.id;
      };
      const [ada, alan, grace] = [await teacherWith(2), await teacherWith(1), await teacherWith(4)];
      /** Reads `teacher`'s list; answers whether that took a statement. */
      const readFromDatabase = async (teacher: string, courses: number) => {
        statements.length = 0;
        expect(await listTeacherCourses(own.db, teacher)).toHaveLength(courses);
        return statements.length > 0;
      };

      expect(await readFromDatabase(ada, 2)).toBe(true);
      expect(await readFromDatabase(ada, 2)).toBe(false);
      expect(await readFromDatabase(alan, 1)).toBe(true);
      // 3 rows kept: the whole budget.
      expect(await readFromDatabase(ada, 2)).toBe(false);
      expect(await readFromDatabase(alan, 1)).toBe(false);
      // More rows than the budget: never kept, and nothing else let go for it.
      expect(await readFromDatabase(grace, 4)).toBe(true);
      expect(await readFromDatabase(grace, 4)).toBe(true);
      expect(await readFromDatabase(alan, 1)).toBe(false);
      // Room for 2 more rows: the oldest answer (Ada's) goes.
      const bob = await teacherWith(2);
      expect(await readFromDatabase(bob, 2)).toBe(true);
      expect(await readFromDatabase(bob, 2)).toBe(false);
      expect(await readFromDatabase(alan, 1)).toBe(false);
      expect(await readFromDatabase(ada, 2)).toBe(true);
    });
  });

  if (process.env.TEST_DB !== 'postgres') {
    // (On PostgreSQL other test files' writes, on the same server, move the snapshot.)
    it('on PGlite, stay kept while the job queue polls and finds nothing to do', async () => {
      const teacher = await signedInUser(t, 'teacher');
      await buildCourse(t.database.db, teacher.id);
      await courseList(teacher);
      // The test app's queue polls every 100 ms.
      await new Promise((resolve) => setTimeout(resolve, 350));
      t.queries.length = 0;
      expect(await courseList(teacher)).toHaveLength(1);
      expect(t.queries.filter((query) => query.includes('from "courses"'))).toEqual([]);
    });
  }

  if (process.env.TEST_DB === 'postgres') {
    /** A connection of its own to the test's database, as another instance would have. */
    async function otherConnection() {
      const other = new pg.Client({ connectionString: t.database.url });
      await other.connect();
      return other;
    }

    it('on PostgreSQL, show what another connection wrote', async () => {
      const teacher = await signedInUser(t, 'teacher');
      const course = await buildCourse(t.database.db, teacher.id, { title: 'Before' });
      expect((await courseList(teacher))[0]!.title).toBe('Before');
      const other = await otherConnection();
      try {
        await other.query('update courses set title = $1 where id = $2', ['After', course.id]);
      } finally {
        await other.end();
      }
      expect((await courseList(teacher))[0]!.title).toBe('After');
    });

    it("on PostgreSQL, show another connection's write once it commits, not before", async () => {
      const teacher = await signedInUser(t, 'teacher');
      const course = await buildCourse(t.database.db, teacher.id, { title: 'Before' });
      const other = await otherConnection();
      try {
        await other.query('begin');
        await other.query('update courses set title = $1 where id = $2', ['After', course.id]);
        // Read (and kept) while the write is in progress: its transaction is still open.
        for (let i = 0; i < 2; i++) expect((await courseList(teacher))[0]!.title).toBe('Before');
        await other.query('commit');
      } finally {
        await other.end();
      }
      expect((await courseList(teacher))[0]!.title).toBe('After');
      expect(await dashboardStats(teacher)).toMatchObject({ total_courses: 1 });
    });

    describe('the data version (snapshot-version.ts)', () => {
      /** A pool on the test's database that counts the statements sent through it. */
      function countingPool() {
        const pool = new pg.Pool({ connectionString: t.database.url, max: 2 });
        // pool.end() resolves before its connections have closed; one still closing when the
        // test's database is dropped gets "terminating connection" (57P01), which a pool without
        // a listener throws as an uncaught error. Any other error still surfaces.
        pool.on('error', (error: Error & { code?: string }) => {
          if (error.code !== '57P01') throw error;
        });
        const counted = {
          sent: 0,
          query: ((config) => {
            counted.sent += 1;
            return pool.query(config);
          }) satisfies SnapshotQueryable['query'],
          end: () => pool.end(),
        };
        return counted;
      }
      const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

      it('is asked once for the reads of one turn, and again for a read after it was sent', async () => {
        const pool = countingPool();
        try {
          const versionNow = snapshotVersions(pool);
          const sameTurn = [versionNow(), versionNow(), versionNow()];
          await nextTurn(); // the check is sent: a read from here on must not take its answer
          const later = versionNow();
          const answers = await Promise.all([...sameTurn, later]);
          expect(pool.sent).toBe(2);
          // The snapshot, then the server's start time (a restarted server is another version).
          expect(answers[0]).toMatch(/^\d+:\d+:[\d,]* \d{4}-\d\d-\d\d /);
        } finally {
          await pool.end();
        }
      });

      it('moves when another connection commits a write', async () => {
        const pool = countingPool();
        const other = await otherConnection();
        try {
          const versionNow = snapshotVersions(pool);
          const before = await versionNow();
          await other.query(
            "insert into users (email, full_name, role, password_hash) values ('moved@example.test', 'M', 'student', 'x')",
          );
          expect(await versionNow()).not.toBe(before);
        } finally {
          await other.end();
          await pool.end();
        }
      });
    });
  }

  describe('runIn: a statement built once, run inside transactions', () => {
    const renameUser = () =>
      preparedFor(t.database.db, 'test_rename_user', () =>
        t.database.db
          .update(users)
          .set({ full_name: sql`${sql.placeholder('name')}` })
          .where(eq(users.id, sql.placeholder('id')))
          .returning({ name: users.full_name }),
      );
    const nameOf = async (id: string) =>
      (await t.database.db.select().from(users).where(eq(users.id, id)))[0]?.full_name;

    it("runs on the transaction's connection: committed with it, and undone with it", async () => {
      const user = await buildUser(t.database.db, { full_name: 'Before' });
      const committed = await t.database.db.transaction((tx) =>
        runIn(tx, renameUser()).execute({ id: user.id, name: 'Committed' }),
      );
      expect(committed).toEqual([{ name: 'Committed' }]);
      expect(await nameOf(user.id)).toBe('Committed');

      // Had it run on the pool (PostgreSQL), the rename would have stayed after the rollback;
      // on PGlite it would have waited for the transaction forever.
      await expect(
        t.database.db.transaction(async (tx) => {
          await runIn(tx, renameUser()).execute({ id: user.id, name: 'Undone' });
          expect(await tx.select().from(users).where(eq(users.id, user.id))).toMatchObject([
            { full_name: 'Undone' },
          ]);
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      expect(await nameOf(user.id)).toBe('Committed');
      // The statement was built once, for the database, and is not run there.
      expect(renameUser()).toBe(renameUser());
    });
  });
});
