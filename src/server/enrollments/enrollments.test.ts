import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollments } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildCourse } from '../test/factories';
import { signedInUser } from '../test/sign-in';

type User = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let owner: User, otherTeacher: User, student: User;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInUser(t, 'teacher');
  otherTeacher = await signedInUser(t, 'teacher');
  student = await signedInUser(t, 'student', 'Riley Student');
});
afterAll(() => t.close());

const enrolmentRows = (courseId: string, studentId: string) =>
  t.database.db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.course_id, courseId), eq(enrollments.student_id, studentId)));

describe('enrolling', () => {
  it('enrols a student once; a second attempt is a 409 and never a second row', async () => {
    const course = await buildCourse(t.database.db, owner.id);
    const enrol = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/courses/${course.id}/enrollments`,
        headers: student.headers,
      });
    const first = await enrol();
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({
      course_id: course.id,
      student_id: student.id,
      student: { full_name: 'Riley Student' },
    });
    const second = await enrol();
    expect(second.statusCode).toBe(409);
    expect(second.json().error.message).toBe('You are already enrolled in this course.');
    expect(await enrolmentRows(course.id, student.id)).toHaveLength(1);
  });

  it('keeps one row when two enrolments race', async () => {
    const course = await buildCourse(t.database.db, owner.id);
    const url = `/api/courses/${course.id}/enrollments`;
    const answers = await Promise.all(
      [1, 2, 3].map(() => t.app.inject({ method: 'POST', url, headers: student.headers })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    expect(await enrolmentRows(course.id, student.id)).toHaveLength(1);
  });

  it('refuses teachers (403), anonymous callers (401) and unknown courses (404)', async () => {
    const course = await buildCourse(t.database.db, owner.id);
    const url = `/api/courses/${course.id}/enrollments`;
    expect((await t.app.inject({ method: 'POST', url, headers: owner.headers })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const unknown = '/api/courses/00000000-0000-4000-8000-000000000000/enrollments';
    expect(
      (await t.app.inject({ method: 'POST', url: unknown, headers: student.headers })).statusCode,
    ).toBe(404);
  });

  it('lets a student leave a course, and answers 404 when not enrolled', async () => {
    const course = await buildCourse(t.database.db, owner.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/enrollments`,
      headers: student.headers,
    });
    const leave = () =>
      t.app.inject({
        method: 'DELETE',
        url: `/api/courses/${course.id}/enrollments/me`,
        headers: student.headers,
      });
    expect((await leave()).statusCode).toBe(204);
    expect(await enrolmentRows(course.id, student.id)).toHaveLength(0);
    expect((await leave()).statusCode).toBe(404);
  });
});

describe("a course's enrolment list", () => {
  it('shows the enrolled students to the course teacher only', async () => {
    const course = await buildCourse(t.database.db, owner.id);
    await t.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/enrollments`,
      headers: student.headers,
    });
    const url = `/api/courses/${course.id}/enrollments`;
    const list = await t.app.inject({ url, headers: owner.headers });
    expect(list.statusCode).toBe(200);
    expect(
      list.json().items.map((e: { student: { full_name: string } }) => e.student.full_name),
    ).toEqual(['Riley Student']);
    expect((await t.app.inject({ url, headers: otherTeacher.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: student.headers })).statusCode).toBe(403);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});
