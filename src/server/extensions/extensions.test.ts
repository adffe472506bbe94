// Extensions and the late policy (docs/decisions/029): granting, changing and removing a
// student's extended due date, what it changes ("late", 'days left', the dashboard, a closed
// assignment), and the late penalty's settings. Who may call each route is also in the
// reliability route table; the penalty's arithmetic is in domain/late-penalty.test.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latePenaltySuggestion } from '@domain/late-penalty';
import { assignments, extensions, submissions } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment, enrol } from '../test/factories';
import { isErrorShape } from '../test/reliability/world';
import { signedInUser } from '../test/sign-in';
import { buildClassroom, submit, uploaded } from '../test/uploads';

const DAY = 24 * 60 * 60 * 1000;
const fromNow = (ms: number) => new Date(Date.now() + ms);

let t: TestApp;
let room: Awaited<ReturnType<typeof buildClassroom>>;
let classmate: Awaited<ReturnType<typeof signedInUser>>;
let outsider: Awaited<ReturnType<typeof signedInUser>>;
let otherTeacher: Awaited<ReturnType<typeof signedInUser>>;

beforeAll(async () => {
  t = await buildTestApp();
  room = await buildClassroom(t);
  classmate = await signedInUser(t, 'student', 'Grace Hopper');
  outsider = await signedInUser(t, 'student', 'Not Enrolled');
  otherTeacher = await signedInUser(t, 'teacher', 'Other Teacher');
  await enrol(t.database.db, room.course.id, classmate.id);
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const call = (
  headers: Headers | undefined,
  method: 'GET' | 'PUT' | 'DELETE' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, ...(headers && { headers }), ...(payload && { payload }) });
const grant = (assignmentId: string, studentId: string, due: Date | string, headers?: Headers) =>
  call(
    headers ?? room.teacher.headers,
    'PUT',
    `/api/assignments/${assignmentId}/extensions/${studentId}`,
    {
      due_date: typeof due === 'string' ? due : due.toISOString(),
    },
  );
const stored = (assignmentId: string) =>
  t.database.db.select().from(extensions).where(eq(extensions.assignment_id, assignmentId));
const dueAssignment = (due: Date, extra: Partial<typeof assignments.$inferInsert> = {}) =>
  buildAssignment(t.database.db, room.course.id, { title: 'Essay', due_date: due, ...extra });

describe('granting, changing and removing an extension', () => {
  it('grants, changes (still one row) and removes one', async () => {
    const a = await dueAssignment(fromNow(-DAY));
    const first = fromNow(2 * DAY);
    const granted = await grant(a.id, room.student.id, first);
    expect(granted.statusCode).toBe(200);
    expect(granted.json()).toMatchObject({
      assignment_id: a.id,
      student: { id: room.student.id, full_name: 'Alan Turing' },
      due_date: first.toISOString(),
      granted_by: room.teacher.id,
    });

    const later = fromNow(3 * DAY);
    expect((await grant(a.id, room.student.id, later)).json().due_date).toBe(later.toISOString());
    expect(await stored(a.id)).toHaveLength(1);
    const list = await call(room.teacher.headers, 'GET', `/api/assignments/${a.id}/extensions`);
    expect(list.json().items).toEqual([
      expect.objectContaining({
        due_date: later.toISOString(),
        student: expect.objectContaining({ id: room.student.id }),
      }),
    ]);

    const url = `/api/assignments/${a.id}/extensions/${room.student.id}`;
    expect((await call(room.teacher.headers, 'DELETE', url)).statusCode).toBe(204);
    expect(await stored(a.id)).toHaveLength(0);
    const again = await call(room.teacher.headers, 'DELETE', url);
    expect(again.statusCode).toBe(404);
    expect(isErrorShape(again.json())).toBe(true);
  });

  it('is only for students enrolled in the course (404 otherwise), and stores nothing', async () => {
    const a = await dueAssignment(fromNow(-DAY));
    for (const id of [outsider.id, otherTeacher.id, room.teacher.id, crypto.randomUUID()]) {
      const response = await grant(a.id, id, fromNow(DAY));
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe('This student is not enrolled in this course.');
    }
    expect(await stored(a.id)).toHaveLength(0);
  });

  it("refuses a date not after the assignment's due date with a clear error", async () => {
    const due = fromNow(-DAY);
    const a = await dueAssignment(due);
    for (const date of [due, fromNow(-2 * DAY)]) {
      const response = await grant(a.id, room.student.id, date);
      expect(response.statusCode).toBe(400);
      expect(isErrorShape(response.json())).toBe(true);
      expect(response.json().error.message).toMatch(
        /^The extended due date must be after the assignment's due date \(.+\)\.$/,
      );
      expect(response.json().error.details).toEqual([
        expect.objectContaining({ path: 'body.due_date' }),
      ]);
    }
    for (const bad of ['tomorrow', '', '0000-01-01T00:00:00Z']) {
      const response = await grant(a.id, room.student.id, bad);
      expect(response.statusCode).toBe(400);
      expect(isErrorShape(response.json())).toBe(true);
    }
    expect(await stored(a.id)).toHaveLength(0);
  });

  it('answers 409 for an assignment without a due date', async () => {
    const a = await buildAssignment(t.database.db, room.course.id, { title: 'Undated' });
    const response = await grant(a.id, room.student.id, fromNow(DAY));
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toContain('has no due date');
    expect(await stored(a.id)).toHaveLength(0);
  });

  it('is the course teacher’s: a student gets 403, other callers 404 (anonymous 401)', async () => {
    const a = await dueAssignment(fromNow(-DAY));
    const url = `/api/assignments/${a.id}/extensions/${room.student.id}`;
    const body = { due_date: fromNow(DAY).toISOString() };
    const cases: [Headers | undefined, number][] = [
      [room.student.headers, 403],
      [outsider.headers, 404],
      [otherTeacher.headers, 404],
      [undefined, 401],
    ];
    for (const [headers, status] of cases) {
      expect((await call(headers, 'PUT', url, body)).statusCode).toBe(status);
      expect((await call(headers, 'GET', `/api/assignments/${a.id}/extensions`)).statusCode).toBe(
        status,
      );
    }
    await grant(a.id, room.student.id, fromNow(DAY));
    for (const [headers, status] of cases) {
      expect((await call(headers, 'DELETE', url)).statusCode).toBe(status);
    }
    expect(await stored(a.id)).toHaveLength(1);
  });
});

describe('what an extension changes', () => {
  it('accepts work after the due date but before the extension, and it is not late', async () => {
    const a = await dueAssignment(fromNow(-2 * DAY));
    await grant(a.id, room.student.id, fromNow(2 * DAY));
    const mine = await submit(t, room.student, a.id, await uploaded(t, room.student, a.id));
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ late: false });
    const theirs = await submit(t, classmate, a.id, await uploaded(t, classmate, a.id));
    expect(theirs.json()).toMatchObject({ late: true, extended_due_date: null });

    const list = await call(room.teacher.headers, 'GET', `/api/assignments/${a.id}/submissions`);
    const late = Object.fromEntries(
      list
        .json<{ items: { student_id: string; late: boolean }[] }>()
        .items.map((s) => [s.student_id, s.late]),
    );
    expect(late).toEqual({ [room.student.id]: false, [classmate.id]: true });

    const book = await call(
      room.teacher.headers,
      'GET',
      `/api/courses/${room.course.id}/gradebook`,
    );
    type Row = { id: string; cells: { assignment_id: string; status: string }[] };
    const cell = (studentId: string) =>
      book
        .json<{ students: Row[] }>()
        .students.find((s) => s.id === studentId)
        ?.cells.find((c) => c.assignment_id === a.id)?.status;
    expect(cell(room.student.id)).toBe('submitted');
    expect(cell(classmate.id)).toBe('late');
  });

  it("gives the student their own due date for 'days left', listings and the dashboard", async () => {
    const due = fromNow(-DAY);
    const extended = fromNow(3 * DAY);
    const a = await dueAssignment(due, { title: 'Extended essay' });
    await grant(a.id, room.student.id, extended);

    const mine = await call(room.student.headers, 'GET', `/api/assignments/${a.id}`);
    expect(mine.json()).toMatchObject({
      due_date: due.toISOString(),
      extended_due_date: extended.toISOString(),
      effective_due_date: extended.toISOString(),
    });
    const theirs = await call(classmate.headers, 'GET', `/api/assignments/${a.id}`);
    expect(theirs.json()).toMatchObject({
      extended_due_date: null,
      effective_due_date: due.toISOString(),
    });
    const teacher = await call(room.teacher.headers, 'GET', `/api/assignments/${a.id}`);
    expect(teacher.json()).not.toHaveProperty('extended_due_date');

    const listed = await call(room.student.headers, 'GET', '/api/me/assignments');
    expect(listed.json().items.find((x: { id: string }) => x.id === a.id)).toMatchObject({
      effective_due_date: extended.toISOString(),
    });

    type Upcoming = { id: string; due_date: string; extended: boolean };
    const upcoming = async (headers: Headers) =>
      (await call(headers, 'GET', '/api/dashboard')).json<{ upcoming_assignments: Upcoming[] }>()
        .upcoming_assignments;
    expect((await upcoming(room.student.headers)).find((x) => x.id === a.id)).toEqual(
      expect.objectContaining({ due_date: extended.toISOString(), extended: true }),
    );
    expect((await upcoming(classmate.headers)).find((x) => x.id === a.id)).toBeUndefined();
  });

  it('keeps a due date moved past the extension: the later of the two holds', async () => {
    const a = await dueAssignment(fromNow(-DAY));
    await grant(a.id, room.student.id, fromNow(DAY));
    const moved = fromNow(5 * DAY);
    await call(room.teacher.headers, 'PATCH', `/api/assignments/${a.id}`, {
      due_date: moved.toISOString(),
    });
    const mine = await call(room.student.headers, 'GET', `/api/assignments/${a.id}`);
    expect(mine.json().effective_due_date).toBe(moved.toISOString());
  });

  it('lets the student with an open extension read and submit a closed assignment, no one else', async () => {
    const a = await dueAssignment(fromNow(-DAY), { status: 'closed' });
    await grant(a.id, room.student.id, fromNow(DAY));
    expect((await call(room.student.headers, 'GET', `/api/assignments/${a.id}`)).statusCode).toBe(
      200,
    );
    const listed = await call(
      room.student.headers,
      'GET',
      `/api/courses/${room.course.id}/assignments`,
    );
    expect(listed.json().items.map((x: { id: string }) => x.id)).toContain(a.id);
    const mine = await submit(t, room.student, a.id, await uploaded(t, room.student, a.id));
    expect(mine.statusCode).toBe(200);

    expect((await call(classmate.headers, 'GET', `/api/assignments/${a.id}`)).statusCode).toBe(404);
    const file = await t.app.inject({
      method: 'PUT',
      url: `/api/assignments/${a.id}/submissions/me`,
      headers: classmate.headers,
      payload: { file_path: 'x', file_size: 1, original_filename: 'x.pdf' },
    });
    expect(file.statusCode).toBe(409);
  });

  it('closes a closed assignment again once the extension has passed', async () => {
    const a = await dueAssignment(fromNow(-3 * DAY), { status: 'closed' });
    await grant(a.id, room.student.id, fromNow(-DAY));
    expect((await call(room.student.headers, 'GET', `/api/assignments/${a.id}`)).statusCode).toBe(
      404,
    );
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/assignments/${a.id}/submissions/me`,
      headers: room.student.headers,
      payload: { file_path: 'x', file_size: 1, original_filename: 'x.pdf' },
    });
    expect(response.statusCode).toBe(409);
  });

  it('is deleted with its assignment', async () => {
    const a = await dueAssignment(fromNow(-DAY));
    await grant(a.id, room.student.id, fromNow(DAY));
    await call(room.teacher.headers, 'DELETE', `/api/assignments/${a.id}`);
    expect(await stored(a.id)).toHaveLength(0);
  });
});

describe('the late penalty', () => {
  const create = (body: object) =>
    call(room.teacher.headers, 'POST', `/api/courses/${room.course.id}/assignments`, {
      title: 'Penalised',
      ...body,
    });

  it('is set on create and edit: percent per day and an optional cap', async () => {
    const none = await create({});
    expect(none.json()).toMatchObject({
      late_penalty_percent_per_day: null,
      late_penalty_cap_percent: null,
    });
    const created = await create({
      late_penalty_percent_per_day: 10,
      late_penalty_cap_percent: 30.5,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      late_penalty_percent_per_day: 10,
      late_penalty_cap_percent: 30.5,
    });
    const id = created.json().id;
    const edited = await call(room.teacher.headers, 'PATCH', `/api/assignments/${id}`, {
      late_penalty_percent_per_day: 2.5,
    });
    expect(edited.json()).toMatchObject({
      late_penalty_percent_per_day: 2.5,
      late_penalty_cap_percent: 30.5,
    });
    const cleared = await call(room.teacher.headers, 'PATCH', `/api/assignments/${id}`, {
      late_penalty_percent_per_day: null,
      late_penalty_cap_percent: null,
    });
    expect(cleared.json()).toMatchObject({
      late_penalty_percent_per_day: null,
      late_penalty_cap_percent: null,
    });
  });

  it('refuses values outside 0–100, more than one decimal, text, or a cap without a rate', async () => {
    const before = await t.database.db.$count(assignments);
    const cases: [object, string][] = [
      [{ late_penalty_percent_per_day: 101 }, 'Late penalty per day must be between 0 and 100.'],
      [{ late_penalty_percent_per_day: -1 }, 'Late penalty per day must be between 0 and 100.'],
      [
        { late_penalty_percent_per_day: 1.25 },
        'Late penalty per day can have at most one decimal.',
      ],
      [{ late_penalty_percent_per_day: '10' }, 'Late penalty per day must be a number.'],
      [
        { late_penalty_percent_per_day: 5, late_penalty_cap_percent: 100.5 },
        'Late penalty cap must be between 0 and 100.',
      ],
      [
        { late_penalty_cap_percent: 20 },
        'Set a late penalty per day before a cap, or leave the cap empty.',
      ],
    ];
    for (const [body, message] of cases) {
      const response = await create(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(isErrorShape(response.json())).toBe(true);
      expect(response.body).toContain(message);
    }
    expect(await t.database.db.$count(assignments)).toBe(before);

    const a = await dueAssignment(fromNow(-DAY));
    const patched = await call(room.teacher.headers, 'PATCH', `/api/assignments/${a.id}`, {
      late_penalty_cap_percent: 20,
    });
    expect(patched.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(assignments).where(eq(assignments.id, a.id));
    expect(row?.late_penalty_cap_percent).toBeNull();
  });

  it('gives the review screen what it needs, and deducts nothing when the grade is saved', async () => {
    const due = fromNow(-(DAY + 60_000)); // two started days ago
    const a = await dueAssignment(due, {
      total_points: 20,
      late_penalty_percent_per_day: 10,
      late_penalty_cap_percent: 50,
    });
    const submitted = await submit(t, classmate, a.id, await uploaded(t, classmate, a.id));
    const id = submitted.json().id;
    const view = (await call(room.teacher.headers, 'GET', `/api/submissions/${id}`)).json();
    expect(view).toMatchObject({
      late: true,
      effective_due_date: due.toISOString(),
      assignment: { late_penalty_percent_per_day: 10, late_penalty_cap_percent: 50 },
    });
    expect(
      latePenaltySuggestion(view.submitted_at, view.effective_due_date, view.assignment),
    ).toEqual({
      days: 2,
      percent: 20,
    });

    const saved = await call(room.teacher.headers, 'POST', `/api/submissions/${id}/grade`, {
      grade: 18,
    });
    expect(saved.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ grade: submissions.grade })
      .from(submissions)
      .where(eq(submissions.id, id));
    expect(row?.grade).toBe(18);
  });
});
