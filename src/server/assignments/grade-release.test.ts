// Grade release (DESIGN §11): the policy set when creating or editing an assignment, and the
// teacher's 'Release grades' / 'Hide grades'. Who may call the route is in the reliability
// route table; what each student route shows is in student-visibility.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { isErrorShape } from '../test/reliability/world';
import { buildClassroom, submit, uploaded } from '../test/uploads';

let t: TestApp;
let room: Awaited<ReturnType<typeof buildClassroom>>;
let submissionId: string;

beforeAll(async () => {
  t = await buildTestApp();
  room = await buildClassroom(t);
  const file = await uploaded(t, room.student, room.assignment.id);
  submissionId = (await submit(t, room.student, room.assignment.id, file)).json<{ id: string }>()
    .id;
});
afterAll(() => t.close());

const asTeacher = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: room.teacher.headers, ...(payload && { payload }) });
const release = (released: unknown, assignmentId = room.assignment.id) =>
  asTeacher('POST', `/api/assignments/${assignmentId}/grade-release`, { released });
const studentGrade = async () =>
  (
    await t.app.inject({
      url: `/api/submissions/${submissionId}`,
      headers: room.student.headers,
    })
  ).json<{ grade: number | null }>().grade;
const storedAssignment = async () =>
  (await t.database.db.select().from(assignments).where(eq(assignments.id, room.assignment.id)))[0];

describe('the release policy', () => {
  it('is automatic unless the teacher chooses manual when creating the assignment', async () => {
    const plain = await asTeacher('POST', `/api/courses/${room.course.id}/assignments`, {
      title: 'Automatic',
    });
    expect(plain.json()).toMatchObject({ grade_release: 'automatic', grades_released_at: null });
    const manual = await asTeacher('POST', `/api/courses/${room.course.id}/assignments`, {
      title: 'Manual',
      grade_release: 'manual',
    });
    expect(manual.statusCode).toBe(201);
    expect(manual.json()).toMatchObject({ grade_release: 'manual', grades_released_at: null });
  });

  it('refuses an unknown policy with a clear error and creates nothing', async () => {
    const before = await t.database.db.$count(assignments);
    const response = await asTeacher('POST', `/api/courses/${room.course.id}/assignments`, {
      title: 'Sometimes',
      grade_release: 'sometimes',
    });
    expect(response.statusCode).toBe(400);
    expect(isErrorShape(response.json())).toBe(true);
    expect(response.body).toContain('Grade release must be automatic or manual.');
    expect(await t.database.db.$count(assignments)).toBe(before);
  });

  it('answers 409 to Release under automatic release, and changes nothing', async () => {
    const before = await storedAssignment();
    const response = await release(true);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('released automatically');
    expect(await storedAssignment()).toEqual(before);
  });

  it('refuses a body without a yes or no, and changes nothing', async () => {
    const before = await storedAssignment();
    const response = await release('yes');
    expect(response.statusCode).toBe(400);
    expect(isErrorShape(response.json())).toBe(true);
    expect(await storedAssignment()).toEqual(before);
  });
});

describe('switching an assignment to manual release', () => {
  it('keeps the grades students already see, and holds back the next ones', async () => {
    await asTeacher('POST', `/api/submissions/${submissionId}/grade`, { grade: 61 });
    expect(await studentGrade()).toBe(61);

    const switched = await asTeacher('PATCH', `/api/assignments/${room.assignment.id}`, {
      grade_release: 'manual',
    });
    expect(switched.json()).toMatchObject({ grade_release: 'manual' });
    expect(switched.json().grades_released_at).not.toBeNull();
    expect(await studentGrade()).toBe(61);

    await asTeacher('POST', `/api/submissions/${submissionId}/grade`, { grade: 64 });
    expect(await studentGrade()).toBeNull();
    const list = await asTeacher('GET', `/api/assignments/${room.assignment.id}/submissions`);
    expect(list.json().items).toEqual([
      expect.objectContaining({ id: submissionId, grade: 64, grade_released: false }),
    ]);

    const released = await release(true);
    expect(released.statusCode).toBe(200);
    expect(await studentGrade()).toBe(64);

    const hidden = await release(false);
    expect(hidden.json()).toMatchObject({ grade_release: 'manual', grades_released_at: null });
    expect(await studentGrade()).toBeNull();
  });

  it('shows every saved grade again when switched back to automatic', async () => {
    await asTeacher('PATCH', `/api/assignments/${room.assignment.id}`, {
      grade_release: 'automatic',
    });
    expect(await studentGrade()).toBe(64);
  });
});
