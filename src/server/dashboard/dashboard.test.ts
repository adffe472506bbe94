import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { submissions } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment, buildCourse, enrol } from '../test/factories';
import { signedInUser } from '../test/sign-in';

type User = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY);

async function submit(assignmentId: string, student: User, at: Date, grade: number | null = null) {
  await t.database.db.insert(submissions).values({
    assignment_id: assignmentId,
    student_id: student.id,
    status: grade === null ? 'submitted' : 'graded',
    submitted_at: at,
    grade,
    original_filename: `${student.full_name}.pdf`,
  });
}

/** A teacher with `courseCount` courses of 3 assignments, each submitted by both students. */
async function teacherWithCourses(courseCount: number) {
  const teacher = await signedInUser(t, 'teacher');
  const students = [
    await signedInUser(t, 'student', 'Ann'),
    await signedInUser(t, 'student', 'Ben'),
  ];
  for (let c = 0; c < courseCount; c++) {
    const course = await buildCourse(t.database.db, teacher.id, {
      title: `Course ${c}`,
      created_at: new Date(Date.now() - (courseCount - c) * 1000),
    });
    for (let a = 0; a < 3; a++) {
      const assignment = await buildAssignment(t.database.db, course.id, { title: `A${c}.${a}` });
      for (const [i, student] of students.entries()) {
        await enrol(t.database.db, course.id, student.id).catch(() => {});
        await submit(
          assignment.id,
          student,
          new Date(Date.now() - (c * 10 + a + i) * 60_000),
          i === 0 ? 8 : null,
        );
      }
    }
  }
  return teacher;
}

async function dashboardQueries(headers: Record<string, string>) {
  t.queries.length = 0;
  const response = await t.app.inject({ url: '/api/dashboard', headers });
  expect(response.statusCode).toBe(200);
  return t.queries.length;
}

describe('teacher dashboard', () => {
  it('sums up the teacher’s own work and lists the newest courses and submissions', async () => {
    const teacher = await teacherWithCourses(4);
    await teacherWithCourses(1); // someone else's courses never show up
    const body = (await t.app.inject({ url: '/api/dashboard', headers: teacher.headers })).json();
    expect(body.role).toBe('teacher');
    expect(body.stats).toEqual({
      total_courses: 4,
      total_assignments: 12,
      submissions_to_grade: 12,
      open_regrade_requests: 0,
    });
    expect(body.recent_courses.map((c: { title: string }) => c.title)).toEqual([
      'Course 3',
      'Course 2',
      'Course 1',
    ]);
    expect(body.recent_courses[0]).toMatchObject({ student_count: 2, assignment_count: 3 });
    expect(body.recent_submissions).toHaveLength(3);
    expect(body.recent_submissions[0]).toMatchObject({
      assignment_title: 'A0.0',
      student_full_name: 'Ann',
      grade: 8,
      original_filename: 'Ann.pdf',
    });
    const times = body.recent_submissions.map((s: { submitted_at: string }) =>
      Date.parse(s.submitted_at),
    );
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('runs the same number of SQL statements for 1 course as for 20', async () => {
    const small = await teacherWithCourses(1);
    const large = await teacherWithCourses(20);
    const forSmall = await dashboardQueries(small.headers);
    const forLarge = await dashboardQueries(large.headers);
    expect(forSmall).toBeGreaterThan(0);
    expect(forLarge).toBe(forSmall);
  });
});

describe('student dashboard', () => {
  it('shows enrolled courses, up to 5 upcoming published assignments soonest first, and the 3 newest submissions', async () => {
    const teacher = await signedInUser(t, 'teacher');
    const student = await signedInUser(t, 'student', 'Cara');
    const course = await buildCourse(t.database.db, teacher.id);
    const other = await buildCourse(t.database.db, teacher.id);
    await enrol(t.database.db, course.id, student.id);
    for (const days of [6, 2, 4, 1, 5, 3]) {
      await buildAssignment(t.database.db, course.id, {
        title: `Due in ${days}`,
        due_date: inDays(days),
      });
    }
    await buildAssignment(t.database.db, course.id, { title: 'Past', due_date: inDays(-1) });
    await buildAssignment(t.database.db, course.id, {
      title: 'Draft',
      status: 'draft',
      due_date: inDays(1),
    });
    await buildAssignment(t.database.db, other.id, { title: 'Not my course', due_date: inDays(1) });
    const done = await buildAssignment(t.database.db, course.id, {
      title: 'Done',
      due_date: inDays(-3),
    });
    await submit(done.id, student, inDays(-4), 9);

    const body = (await t.app.inject({ url: '/api/dashboard', headers: student.headers })).json();
    expect(body.role).toBe('student');
    expect(body.stats).toEqual({
      enrolled_courses: 1,
      upcoming_assignments: 6,
      total_submissions: 1,
    });
    expect(body.upcoming_assignments.map((a: { title: string }) => a.title)).toEqual([
      'Due in 1',
      'Due in 2',
      'Due in 3',
      'Due in 4',
      'Due in 5',
    ]);
    expect(body.upcoming_assignments[0]).toMatchObject({ submitted: false, course_id: course.id });
    expect(body.recent_submissions).toEqual([
      expect.objectContaining({ assignment_title: 'Done', grade: 9, status: 'graded' }),
    ]);
  });

  it('runs a fixed number of SQL statements however many courses the student has', async () => {
    const teacher = await signedInUser(t, 'teacher');
    const few = await signedInUser(t, 'student');
    const many = await signedInUser(t, 'student');
    for (let c = 0; c < 15; c++) {
      const course = await buildCourse(t.database.db, teacher.id);
      await enrol(t.database.db, course.id, many.id);
      if (c === 0) await enrol(t.database.db, course.id, few.id);
      const assignment = await buildAssignment(t.database.db, course.id, {
        due_date: inDays(c + 1),
      });
      await submit(assignment.id, many, inDays(-1));
    }
    expect(await dashboardQueries(many.headers)).toBe(await dashboardQueries(few.headers));
  });
});

it('answers 401 without a session', async () => {
  expect((await t.app.inject({ url: '/api/dashboard' })).statusCode).toBe(401);
});
