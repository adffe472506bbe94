// A course's counts (students, assignments, points; the published ones for students) are
// columns kept by triggers (migration 0009). Whatever changes enrolments and assignments, and
// however many change at once, the counts stay what a recount says.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment, buildCourse } from '../test/factories';
import { signedInUser } from '../test/sign-in';
import { assignments, courses } from './schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function storedAndRecounted(courseId: string) {
  const [stored] = await t.database.db
    .select({
      student_count: courses.student_count,
      assignment_count: courses.assignment_count,
      total_points: courses.total_points,
      published_assignment_count: courses.published_assignment_count,
      published_total_points: courses.published_total_points,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  const result = await t.database.db.execute(sql`
    select
      (select count(*) from enrollments where course_id = ${courseId})::int as student_count,
      (select count(*) from assignments where course_id = ${courseId})::int as assignment_count,
      (select coalesce(sum(total_points), 0) from assignments where course_id = ${courseId})::int
        as total_points,
      (select count(*) from assignments where course_id = ${courseId} and status = 'published')::int
        as published_assignment_count,
      (select coalesce(sum(total_points), 0) from assignments
        where course_id = ${courseId} and status = 'published')::int as published_total_points`);
  const recounted = (result as unknown as { rows: unknown[] }).rows[0];
  return { stored, recounted };
}

describe('Course counts', () => {
  it('match a recount through enrolments, publishing, points, moves and deletes', async () => {
    const teacher = await signedInUser(t, 'teacher');
    const course = await buildCourse(t.database.db, teacher.id);
    const other = await buildCourse(t.database.db, teacher.id);
    const students = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signedInUser(t, 'student', `Student ${i}`)),
    );
    // All at once: each enrolment adds to the same course row.
    const enrolments = await Promise.all(
      students.map((student) =>
        t.app.inject({
          method: 'POST',
          url: `/api/courses/${course.id}/enrollments`,
          headers: student.headers,
        }),
      ),
    );
    expect(enrolments.map((r) => r.statusCode)).toEqual(students.map(() => 201));
    for (const student of students.slice(0, 4)) {
      const left = await t.app.inject({
        method: 'DELETE',
        url: `/api/courses/${course.id}/enrollments/me`,
        headers: student.headers,
      });
      expect(left.statusCode, left.body).toBe(204);
    }

    const draft = await buildAssignment(t.database.db, course.id, {
      status: 'draft',
      total_points: 30,
    });
    const published = await buildAssignment(t.database.db, course.id, { total_points: 50 });
    const moving = await buildAssignment(t.database.db, course.id, { total_points: 20 });
    const published2 = await t.app.inject({
      method: 'PATCH',
      url: `/api/assignments/${draft.id}`,
      headers: teacher.headers,
      payload: { status: 'published', total_points: 40 },
    });
    expect(published2.statusCode, published2.body).toBe(200);
    await t.database.db
      .update(assignments)
      .set({ course_id: other.id })
      .where(eq(assignments.id, moving.id));
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/assignments/${published.id}`,
      headers: teacher.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);

    const here = await storedAndRecounted(course.id);
    expect(here.stored).toEqual(here.recounted);
    expect(here.stored).toEqual({
      student_count: 8,
      assignment_count: 1,
      total_points: 40,
      published_assignment_count: 1,
      published_total_points: 40,
    });
    const there = await storedAndRecounted(other.id);
    expect(there.stored).toEqual(there.recounted);
    expect(there.stored).toMatchObject({ assignment_count: 1, total_points: 20 });
  });

  it('show students only the published assignments, and the teacher all of them', async () => {
    const teacher = await signedInUser(t, 'teacher');
    const student = await signedInUser(t, 'student');
    const course = await buildCourse(t.database.db, teacher.id);
    await buildAssignment(t.database.db, course.id, { status: 'draft', total_points: 10 });
    await buildAssignment(t.database.db, course.id, { total_points: 25 });
    await t.app.inject({
      method: 'POST',
      url: `/api/courses/${course.id}/enrollments`,
      headers: student.headers,
    });
    const asTeacher = (
      await t.app.inject({ url: `/api/courses/${course.id}`, headers: teacher.headers })
    ).json();
    const asStudent = (
      await t.app.inject({ url: `/api/courses/${course.id}`, headers: student.headers })
    ).json();
    expect(asTeacher).toMatchObject({ student_count: 1, assignment_count: 2, total_points: 35 });
    expect(asStudent).toMatchObject({ student_count: 1, assignment_count: 1, total_points: 25 });
    expect(asStudent.teacher.email).toBeUndefined();
  });
});
