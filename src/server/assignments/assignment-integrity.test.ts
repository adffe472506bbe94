// Issue 20: inputs that used to answer 500 or corrupt data. Due dates outside the years 1–9999
// are a clear 400; years 1–99 are stored and read exactly; lowering the total below grades
// already given is refused with the number of grades in the way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment } from '../test/factories';
import { buildClassroom, submit, uploaded } from '../test/uploads';

let t: TestApp;
let classroom: Awaited<ReturnType<typeof buildClassroom>>;
beforeAll(async () => {
  t = await buildTestApp();
  classroom = await buildClassroom(t);
});
afterAll(() => t.close());

const create = (due_date: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/courses/${classroom.course.id}/assignments`,
    headers: classroom.teacher.headers,
    payload: { title: 'Dated', due_date },
  });

describe('Due dates', () => {
  it.each([
    ['year 0000', '0000-06-01T12:00:00Z'],
    ['a date that reaches year 10000 after its offset', '9999-12-31T23:00:00-05:00'],
    ['year 0001 moved into year 0000 by its offset', '0001-01-01T00:30:00+01:00'],
  ])('refuses %s with a 400 naming the field', async (_label, due) => {
    const response = await create(due);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Invalid body.due_date: Due date must be between the years 1 and 9999.',
    });
  });

  it.each([
    ['0050-03-15T00:00:00Z', '0050-03-15T00:00:00.000Z'],
    ['0001-01-01T00:00:00Z', '0001-01-01T00:00:00.000Z'],
    ['0099-12-31T23:59:59.500+02:00', '0099-12-31T21:59:59.500Z'],
    ['9999-12-31T23:59:59Z', '9999-12-31T23:59:59.000Z'],
  ])('stores %s and reads it back exactly', async (due, exact) => {
    const created = await create(due);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().due_date).toBe(exact);
    const read = await t.app.inject({
      url: `/api/assignments/${created.json().id}`,
      headers: classroom.teacher.headers,
    });
    expect(read.json().due_date).toBe(exact);
  });

  it('a PATCH is held to the same bounds', async () => {
    const assignment = await buildAssignment(t.database.db, classroom.course.id);
    const response = await t.app.inject({
      method: 'PATCH',
      url: `/api/assignments/${assignment.id}`,
      headers: classroom.teacher.headers,
      payload: { due_date: '0000-01-01T00:00:00Z' },
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('Grades above the total', () => {
  it('lowering total_points below saved grades is refused with how many are above it', async () => {
    const { teacher, student, course } = classroom;
    const assignment = await buildAssignment(t.database.db, course.id, { total_points: 100 });
    const file = await uploaded(t, student, assignment.id);
    const submission = (await submit(t, student, assignment.id, file)).json<{ id: string }>();
    const graded = await t.app.inject({
      method: 'POST',
      url: `/api/submissions/${submission.id}/grade`,
      headers: teacher.headers,
      payload: { grade: 90, show_detailed_feedback: false },
    });
    expect(graded.statusCode).toBe(200);

    const lower = (total_points: number) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/assignments/${assignment.id}`,
        headers: teacher.headers,
        payload: { total_points, title: 'Renamed too' },
      });
    const refused = await lower(10);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({
      code: 'CONFLICT',
      message:
        '1 grade is above the new total of 10 points. Change that grade first, or keep the total at 90 or more.',
      details: { grades_above_total: 1, highest_grade: 90 },
    });
    // Nothing of the refused change was written, the title included.
    const read = await t.app.inject({
      url: `/api/assignments/${assignment.id}`,
      headers: teacher.headers,
    });
    expect(read.json()).toMatchObject({ total_points: 100, title: 'Test Assignment' });
    const mine = await t.app.inject({
      url: `/api/assignments/${assignment.id}/submissions/me`,
      headers: student.headers,
    });
    expect(mine.json()).toMatchObject({ grade: 90 });

    expect((await lower(90)).statusCode).toBe(200);
  });
});
