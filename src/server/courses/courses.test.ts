import { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStorageKey } from '../storage/storage-keys';
import { assignments, courses, enrollments, submissions } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment, buildCourse, enrol } from '../test/factories';
import { signedInUser } from '../test/sign-in';

let t: TestApp;
let owner: Awaited<ReturnType<typeof signedInUser>>;
let otherTeacher: Awaited<ReturnType<typeof signedInUser>>;
let enrolledStudent: Awaited<ReturnType<typeof signedInUser>>;
let otherStudent: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInUser(t, 'teacher', 'Owner Teacher');
  otherTeacher = await signedInUser(t, 'teacher');
  enrolledStudent = await signedInUser(t, 'student');
  otherStudent = await signedInUser(t, 'student');
});
afterAll(() => t.close());

const countCourses = async () => (await t.database.db.select().from(courses)).length;

describe('creating a course', () => {
  it('lets a teacher create a course with a trimmed title and no empty description', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: owner.headers,
      payload: { title: '  Compilers  ', description: '   ' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: 'Compilers',
      description: null,
      teacher_id: owner.id,
      teacher: { full_name: 'Owner Teacher', role: 'teacher' },
      student_count: 0,
      assignment_count: 0,
      total_points: 0,
    });
    expect(response.json().created_at).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it.each([
    ['an empty title', { title: '' }, 'Course title is required.'],
    ['a blank title', { title: '   ' }, 'Course title is required.'],
    ['a missing title', {}, 'Course title is required.'],
    ['a title that is not text', { title: 42 }, 'Course title is required.'],
    [
      'a 201-character title',
      { title: 'x'.repeat(201) },
      'Course title must be at most 200 characters.',
    ],
    [
      'a huge description',
      { title: 'Ok', description: 'x'.repeat(100_001) },
      'Description must be at most 100,000 characters.',
    ],
  ])('refuses %s with a 400 and creates nothing', async (_label, payload, message) => {
    const before = await countCourses();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: owner.headers,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('VALIDATION_ERROR');
    expect(response.json().error.message).toContain(message);
    expect(await countCourses()).toBe(before);
  });

  it('refuses students (403) and anonymous callers (401)', async () => {
    const payload = { title: 'Not allowed' };
    const student = await t.app.inject({
      method: 'POST',
      url: '/api/courses',
      headers: enrolledStudent.headers,
      payload,
    });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/courses', payload });
    expect(student.statusCode).toBe(403);
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('reading courses', () => {
  let course: Awaited<ReturnType<typeof buildCourse>>;

  beforeAll(async () => {
    course = await buildCourse(t.database.db, owner.id, { title: 'Databases' });
    await buildAssignment(t.database.db, course.id, { total_points: 40, status: 'published' });
    await buildAssignment(t.database.db, course.id, { total_points: 60, status: 'draft' });
    await enrol(t.database.db, course.id, enrolledStudent.id);
    await buildCourse(t.database.db, otherTeacher.id, { title: 'Someone else’s course' });
  });

  it("lists a teacher's own courses only, newest first, with counts computed", async () => {
    const response = await t.app.inject({ url: '/api/courses', headers: owner.headers });
    expect(response.statusCode).toBe(200);
    const items = response.json().items;
    expect(items.every((c: { teacher_id: string }) => c.teacher_id === owner.id)).toBe(true);
    expect(items[0]).toMatchObject({
      title: 'Databases',
      student_count: 1,
      assignment_count: 2,
      total_points: 100,
    });
  });

  it('lists a student’s enrolled and available courses, counting only published work', async () => {
    const enrolled = await t.app.inject({
      url: '/api/courses?scope=enrolled',
      headers: enrolledStudent.headers,
    });
    const available = await t.app.inject({
      url: '/api/courses?scope=available',
      headers: enrolledStudent.headers,
    });
    expect(enrolled.json().items.map((c: { id: string }) => c.id)).toEqual([course.id]);
    expect(enrolled.json().items[0]).toMatchObject({ assignment_count: 1, total_points: 40 });
    expect(available.json().items.map((c: { id: string }) => c.id)).not.toContain(course.id);
    expect(available.json().items.length).toBeGreaterThan(0);
  });

  it('refuses a scope that does not fit the role', async () => {
    const response = await t.app.inject({
      url: '/api/courses?scope=available',
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(400);
  });

  it('shows a course to its teacher, an enrolled student and a browsing student', async () => {
    for (const user of [owner, enrolledStudent, otherStudent]) {
      const response = await t.app.inject({
        url: `/api/courses/${course.id}`,
        headers: user.headers,
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().title).toBe('Databases');
    }
  });

  it('hides a course from another teacher (404) and anonymous callers (401)', async () => {
    expect(
      (await t.app.inject({ url: `/api/courses/${course.id}`, headers: otherTeacher.headers }))
        .statusCode,
    ).toBe(404);
    expect((await t.app.inject({ url: `/api/courses/${course.id}` })).statusCode).toBe(401);
  });

  it('answers 404 for an unknown course and 400 for an id that is not one', async () => {
    const unknown = await t.app.inject({
      url: '/api/courses/00000000-0000-4000-8000-000000000000',
      headers: owner.headers,
    });
    const malformed = await t.app.inject({ url: '/api/courses/not-an-id', headers: owner.headers });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Course not found.' } });
    expect(malformed.statusCode).toBe(400);
  });
});

describe('changing a course', () => {
  it('lets the owner change the title and description', async () => {
    const course = await buildCourse(t.database.db, owner.id);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/courses/${course.id}`,
      headers: owner.headers,
      payload: { title: 'Renamed', description: '## New\n\nText' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: 'Renamed', description: '## New\n\nText' });
    expect(new Date(response.json().updated_at).getTime()).toBeGreaterThan(
      course.updated_at.getTime(),
    );
  });

  it('answers 404 to another teacher, 403 to students and 401 to anonymous, changing nothing', async () => {
    const course = await buildCourse(t.database.db, owner.id, { title: 'Stays' });
    await enrol(t.database.db, course.id, enrolledStudent.id);
    const patch = (headers?: Record<string, string>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/courses/${course.id}`,
        headers,
        payload: { title: 'Hijacked' },
      });
    expect((await patch(otherTeacher.headers)).statusCode).toBe(404);
    expect((await patch(enrolledStudent.headers)).statusCode).toBe(403);
    expect((await patch(otherStudent.headers)).statusCode).toBe(403);
    expect((await patch()).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row?.title).toBe('Stays');
  });

  it('refuses a blank title and keeps the old one', async () => {
    const course = await buildCourse(t.database.db, owner.id, { title: 'Kept' });
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/courses/${course.id}`,
      headers: owner.headers,
      payload: { title: '  ' },
    });
    expect(response.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(courses).where(eq(courses.id, course.id));
    expect(row?.title).toBe('Kept');
  });
});

describe('deleting a course', () => {
  async function courseWithEverything() {
    const course = await buildCourse(t.database.db, owner.id);
    const assignment = await buildAssignment(t.database.db, course.id);
    await enrol(t.database.db, course.id, enrolledStudent.id);
    const key = buildStorageKey({
      courseId: course.id,
      studentId: enrolledStudent.id,
      filename: 'essay.pdf',
    });
    const stored = await t.storage.put(key, Readable.from([Buffer.from('%PDF-1.4 test')]));
    await t.database.db.insert(submissions).values({
      assignment_id: assignment.id,
      student_id: enrolledStudent.id,
      file_path: stored.path,
      file_size: stored.size,
      original_filename: 'essay.pdf',
      submitted_at: new Date(),
    });
    return { course, assignment, key };
  }

  it('removes the course, its assignments, submissions, enrolments and stored files', async () => {
    const { course, assignment, key } = await courseWithEverything();
    const response = await t.app.inject({
      method: 'DELETE',
      url: `/api/courses/${course.id}`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(204);
    const db = t.database.db;
    expect(await db.select().from(courses).where(eq(courses.id, course.id))).toEqual([]);
    expect(await db.select().from(assignments).where(eq(assignments.id, assignment.id))).toEqual(
      [],
    );
    expect(
      await db.select().from(submissions).where(eq(submissions.assignment_id, assignment.id)),
    ).toEqual([]);
    expect(await db.select().from(enrollments).where(eq(enrollments.course_id, course.id))).toEqual(
      [],
    );
    expect(await t.storage.stat(key)).toBeNull();
  });

  it('refuses everyone but the owner and leaves rows and files in place', async () => {
    const { course, key } = await courseWithEverything();
    const remove = (headers?: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/courses/${course.id}`, headers });
    expect((await remove(otherTeacher.headers)).statusCode).toBe(404);
    expect((await remove(enrolledStudent.headers)).statusCode).toBe(403);
    expect((await remove()).statusCode).toBe(401);
    expect(
      await t.database.db.select().from(courses).where(eq(courses.id, course.id)),
    ).toHaveLength(1);
    expect(await t.storage.stat(key)).not.toBeNull();
  });
});
