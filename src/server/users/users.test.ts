// Issue 20 / DESIGN §7: GET /api/users/:id for the user themself or a teacher of a course the
// user is enrolled in; everyone else gets 404. And nothing shows a teacher's email to students.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildCourse, enrol } from '../test/factories';
import { signedInUser } from '../test/sign-in';

type User = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let teacher: User, otherTeacher: User, student: User, otherStudent: User;

beforeAll(async () => {
  t = await buildTestApp();
  teacher = await signedInUser(t, 'teacher', 'Ada Lovelace');
  otherTeacher = await signedInUser(t, 'teacher');
  student = await signedInUser(t, 'student', 'Alan Turing');
  otherStudent = await signedInUser(t, 'student');
  const course = await buildCourse(t.database.db, teacher.id, { title: 'Computing' });
  await enrol(t.database.db, course.id, student.id);
});
afterAll(() => t.close());

const profile = (reader: User, id: string) =>
  t.app.inject({ url: `/api/users/${id}`, headers: reader.headers });

describe('GET /api/users/:id', () => {
  it('shows a user their own profile', async () => {
    const response = await profile(student, student.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: student.id,
      email: student.email,
      full_name: 'Alan Turing',
      role: 'student',
    });
  });

  it('shows a teacher the profile of a student enrolled in their course', async () => {
    expect((await profile(teacher, student.id)).json()).toMatchObject({ email: student.email });
  });

  it('answers 404 to everyone else: another teacher, another student, a student asking about their teacher', async () => {
    for (const [reader, id] of [
      [otherTeacher, student.id],
      [otherStudent, student.id],
      [student, teacher.id],
      [teacher, otherStudent.id],
      [teacher, '00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await profile(reader, id);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.code).toBe('NOT_FOUND');
    }
  });
});

describe('A teacher’s email is not shown to students', () => {
  it('in the available and enrolled course lists and a course read, only the name', async () => {
    for (const url of ['/api/courses?scope=available', '/api/courses?scope=enrolled']) {
      for (const reader of [student, otherStudent]) {
        const response = await t.app.inject({ url, headers: reader.headers });
        expect(response.statusCode).toBe(200);
        expect(response.body).not.toContain(teacher.email);
        for (const course of response.json().items) {
          expect(course.teacher).not.toHaveProperty('email');
          expect(course.teacher.full_name).toEqual(expect.any(String));
        }
      }
    }
    const dashboard = await t.app.inject({ url: '/api/dashboard', headers: student.headers });
    expect(dashboard.body).not.toContain(teacher.email);
    const enrolled = await t.app.inject({ url: '/api/courses', headers: student.headers });
    const course = await t.app.inject({
      url: `/api/courses/${enrolled.json().items[0].id}`,
      headers: student.headers,
    });
    expect(course.statusCode).toBe(200);
    expect(course.body).not.toContain(teacher.email);
  });

  it('the teacher still sees their own', async () => {
    const mine = await t.app.inject({ url: '/api/courses', headers: teacher.headers });
    expect(mine.json().items[0].teacher.email).toBe(teacher.email);
  });
});
