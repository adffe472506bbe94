// Regrade requests (docs/decisions/028), through HTTP against a real database: each rule of
// asking (once, with a reason, of a grade the student can see, naming real criteria, while the
// teacher accepts requests) and of answering (once, with a note; a changed grade saved as any
// grade is). Every route × every caller is also in the reliability route table.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, regradeRequests, submissions } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment, enrol } from '../test/factories';
import { isErrorShape } from '../test/reliability/world';
import { signedInUser } from '../test/sign-in';
import { buildClassroom, submit, uploaded } from '../test/uploads';
import { REGRADE_MESSAGES } from './regrades.service';

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

let t: TestApp;
let room: Awaited<ReturnType<typeof buildClassroom>>;
let otherStudent: SignedIn;
let otherTeacher: SignedIn;

const RUBRIC = '## Correctness (6 points)\n- It works\n\n## Style (4 points)\n- It reads well';

beforeAll(async () => {
  t = await buildTestApp();
  room = await buildClassroom(t);
  otherStudent = await signedInUser(t, 'student', 'Other Student');
  otherTeacher = await signedInUser(t, 'teacher', 'Other Teacher');
  await enrol(t.database.db, room.course.id, otherStudent.id);
});
afterAll(() => t.close());

const call = (
  user: SignedIn | null,
  method: 'GET' | 'POST' | 'PATCH',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: user?.headers, ...(payload && { payload }) });

/** An assignment of the room's course with the student's work handed in (and graded). */
async function handedIn(
  options: {
    grade?: number | null;
    assignment?: Partial<typeof assignments.$inferInsert>;
  } = {},
) {
  const assignment = await buildAssignment(t.database.db, room.course.id, {
    total_points: 10,
    rubric_markdown: RUBRIC,
    ...options.assignment,
    status: 'published',
  });
  const file = await uploaded(t, room.student, assignment.id);
  const id = (await submit(t, room.student, assignment.id, file)).json<{ id: string }>().id;
  const grade = options.grade === undefined ? 7 : options.grade;
  if (grade !== null) {
    const graded = await call(room.teacher, 'POST', `/api/submissions/${id}/grade`, {
      grade,
      feedback: 'Solid work.',
    });
    expect(graded.statusCode, graded.body).toBe(200);
  }
  if (options.assignment?.status && options.assignment.status !== 'published') {
    await t.database.db
      .update(assignments)
      .set({ status: options.assignment.status })
      .where(eq(assignments.id, assignment.id));
  }
  return { assignment, id };
}

const ask = (id: string, payload: object, user: SignedIn | null = room.student) =>
  call(user, 'POST', `/api/submissions/${id}/regrade-request`, payload);
const answer = (id: string, payload: object, user: SignedIn | null = room.teacher) =>
  call(user, 'POST', `/api/submissions/${id}/regrade-request/answer`, payload);
const status = (id: string, user: SignedIn | null = room.student) =>
  call(user, 'GET', `/api/submissions/${id}/regrade-request`);
const requestsOf = (id: string) =>
  t.database.db.select().from(regradeRequests).where(eq(regradeRequests.submission_id, id));
const storedSubmission = async (id: string) =>
  (await t.database.db.select().from(submissions).where(eq(submissions.id, id)))[0]!;
const openCount = async () =>
  (await call(room.teacher, 'GET', '/api/dashboard')).json<{
    stats: { open_regrade_requests: number };
  }>().stats.open_regrade_requests;

const REASON = 'My proof of the second lemma was marked missing, but it is on page 2.';

describe('asking for a regrade', () => {
  it('files one request for a released grade, naming rubric criteria in the rubric’s order', async () => {
    const { id } = await handedIn();
    const before = await status(id);
    expect(before.json()).toEqual({
      request: null,
      accepting_requests: true,
      can_request: true,
      criteria: ['Correctness', 'Style'],
    });
    const countBefore = await openCount();

    const response = await ask(id, { reason: `  ${REASON}  `, criteria: ['Style', 'Correctness'] });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      can_request: false,
      request: {
        submission_id: id,
        student_id: room.student.id,
        reason: REASON,
        criteria: ['Correctness', 'Style'],
        state: 'open',
        teacher_note: null,
        outcome: null,
        answered_by: null,
        answered_at: null,
      },
    });
    expect(await openCount()).toBe(countBefore + 1);
    // The teacher sees it too, with the reason and the criteria.
    expect((await status(id, room.teacher)).json()).toMatchObject({
      request: { reason: REASON, criteria: ['Correctness', 'Style'], state: 'open' },
      can_request: false,
    });
  });

  it('is once per submission', async () => {
    const { id } = await handedIn();
    expect((await ask(id, { reason: REASON })).statusCode).toBe(201);
    const again = await ask(id, { reason: 'Another reason' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REGRADE_MESSAGES.alreadyAsked);
    expect(await requestsOf(id)).toHaveLength(1);
    expect((await requestsOf(id))[0]?.reason).toBe(REASON);
  });

  it('needs a reason of at most 2,000 characters, and files nothing otherwise', async () => {
    const { id } = await handedIn();
    for (const payload of [
      {},
      { reason: '' },
      { reason: '   \n ' },
      { reason: 'x'.repeat(2001) },
    ]) {
      const response = await ask(id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(isErrorShape(response.json())).toBe(true);
    }
    expect((await ask(id, { reason: '' })).json().error.message).toContain('A reason is required.');
    expect((await ask(id, { reason: 'x'.repeat(2001) })).json().error.message).toContain(
      'at most 2,000 characters',
    );
    expect(await requestsOf(id)).toHaveLength(0);
    expect((await ask(id, { reason: 'y'.repeat(2000) })).statusCode).toBe(201);
  });

  it('names only criteria of the assignment’s rubric', async () => {
    const { id } = await handedIn();
    const response = await ask(id, { reason: REASON, criteria: ['Correctness', 'Spelling'] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: '"Spelling" is not a criterion of this assignment\'s rubric.',
    });
    expect((await ask(id, { reason: REASON, criteria: 'Correctness' })).statusCode).toBe(400);
    expect(await requestsOf(id)).toHaveLength(0);

    const bare = await handedIn({ assignment: { rubric_markdown: null } });
    expect((await status(bare.id)).json().criteria).toEqual([]);
    const named = await ask(bare.id, { reason: REASON, criteria: ['Overall submission'] });
    expect(named.statusCode).toBe(400);
    expect((await ask(bare.id, { reason: REASON })).statusCode).toBe(201);
  });

  it('answers work without a grade and work whose grade is hidden with the same error', async () => {
    const ungraded = await handedIn({ grade: null });
    const hidden = await handedIn({ assignment: { grade_release: 'manual' } });
    const noGrade = await ask(ungraded.id, { reason: REASON });
    const held = await ask(hidden.id, { reason: REASON });
    expect(noGrade.statusCode).toBe(409);
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual(noGrade.json());
    expect(noGrade.json().error.message).toBe(REGRADE_MESSAGES.noGrade);
    expect((await status(hidden.id)).json()).toEqual((await status(ungraded.id)).json());
    expect((await status(hidden.id)).json().can_request).toBe(false);
    expect(await requestsOf(hidden.id)).toHaveLength(0);

    // Once released, the student may ask.
    const released = await call(
      room.teacher,
      'POST',
      `/api/assignments/${hidden.assignment.id}/grade-release`,
      { released: true },
    );
    expect(released.statusCode).toBe(200);
    expect((await ask(hidden.id, { reason: REASON })).statusCode).toBe(201);
  });

  it('is refused while the teacher has turned requests off, also on a closed assignment', async () => {
    const off = await handedIn({ assignment: { accepts_regrade_requests: false } });
    expect((await status(off.id)).json()).toMatchObject({
      accepting_requests: false,
      can_request: false,
    });
    const refused = await ask(off.id, { reason: REASON });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(REGRADE_MESSAGES.turnedOff);
    expect(await requestsOf(off.id)).toHaveLength(0);

    // The teacher turns them on again from the assignment.
    const on = await call(room.teacher, 'PATCH', `/api/assignments/${off.assignment.id}`, {
      accepts_regrade_requests: true,
    });
    expect(on.json()).toMatchObject({ accepts_regrade_requests: true });
    expect((await ask(off.id, { reason: REASON })).statusCode).toBe(201);

    const closed = await handedIn({ assignment: { status: 'closed' } });
    expect((await ask(closed.id, { reason: REASON })).statusCode).toBe(201);
    const closedOff = await handedIn({
      assignment: { status: 'closed', accepts_regrade_requests: false },
    });
    expect((await ask(closedOff.id, { reason: REASON })).statusCode).toBe(409);
  });

  it('refuses a bad switch value when editing the assignment, and changes nothing', async () => {
    const { assignment } = await handedIn();
    const response = await call(room.teacher, 'PATCH', `/api/assignments/${assignment.id}`, {
      accepts_regrade_requests: 'no',
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Say whether regrade requests are accepted');
    const [stored] = await t.database.db
      .select()
      .from(assignments)
      .where(eq(assignments.id, assignment.id));
    expect(stored?.accepts_regrade_requests).toBe(true);
  });

  it('hides the submission from everyone but its student and its teacher', async () => {
    const { id } = await handedIn();
    for (const user of [otherStudent, otherTeacher]) {
      expect((await ask(id, { reason: REASON }, user)).statusCode).toBe(404);
      expect((await status(id, user)).statusCode).toBe(404);
    }
    expect((await ask(id, { reason: REASON }, null)).statusCode).toBe(401);
    expect((await status(id, null)).statusCode).toBe(401);
    const teacherAsks = await ask(id, { reason: REASON }, room.teacher);
    expect(teacherAsks.statusCode).toBe(403);
    expect(teacherAsks.json().error.message).toBe(REGRADE_MESSAGES.teacherAsks);
    expect(await requestsOf(id)).toHaveLength(0);
  });
});

describe('answering a regrade request', () => {
  async function asked() {
    const made = await handedIn();
    expect((await ask(made.id, { reason: REASON, criteria: ['Correctness'] })).statusCode).toBe(
      201,
    );
    return made;
  }

  it('keeps the grade, with a note the student then sees', async () => {
    const { id } = await asked();
    const before = await storedSubmission(id);
    const countBefore = await openCount();
    const response = await answer(id, {
      note: 'The lemma is there but incomplete.',
      outcome: 'kept',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().request).toMatchObject({
      state: 'answered',
      outcome: 'kept',
      teacher_note: 'The lemma is there but incomplete.',
      answered_by: { id: room.teacher.id, full_name: 'Ada Lovelace' },
    });
    expect(await storedSubmission(id)).toEqual(before);
    expect(await openCount()).toBe(countBefore - 1);
    expect((await status(id)).json().request).toMatchObject({
      state: 'answered',
      outcome: 'kept',
      teacher_note: 'The lemma is there but incomplete.',
    });
  });

  it('changes the grade through the grading service: feedback kept, graded_at new', async () => {
    const { id } = await asked();
    const before = await storedSubmission(id);
    const response = await answer(id, {
      note: 'You are right, the proof is on page 2.',
      outcome: 'changed',
      grade: 9,
    });
    expect(response.statusCode, response.body).toBe(200);
    const after = await storedSubmission(id);
    expect(after).toMatchObject({ grade: 9, status: 'graded', feedback: 'Solid work.' });
    expect(after.graded_at!.getTime()).toBeGreaterThanOrEqual(before.graded_at!.getTime());
    expect(after.graded_at).not.toEqual(before.graded_at);

    const mine = await call(room.student, 'GET', `/api/submissions/${id}`);
    expect(mine.json()).toMatchObject({ grade: 9, feedback: 'Solid work.' });
    expect((await status(id)).json().request).toMatchObject({
      state: 'answered',
      outcome: 'changed',
      teacher_note: 'You are right, the proof is on page 2.',
    });
  });

  it('is answered once', async () => {
    const { id } = await asked();
    expect((await answer(id, { note: 'Kept.', outcome: 'kept' })).statusCode).toBe(200);
    const again = await answer(id, { note: 'Changed my mind.', outcome: 'changed', grade: 10 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(REGRADE_MESSAGES.alreadyAnswered);
    expect((await storedSubmission(id)).grade).toBe(7);
    expect((await requestsOf(id))[0]).toMatchObject({ outcome: 'kept', teacher_note: 'Kept.' });
  });

  it('refuses bad answers with a clear error, leaving the request open and the grade as it was', async () => {
    const { id } = await asked();
    const before = await storedSubmission(id);
    const bad: [object, string][] = [
      [{ outcome: 'kept' }, 'A note to the student is required.'],
      [{ note: '  ', outcome: 'kept' }, 'A note to the student is required.'],
      [{ note: 'x'.repeat(2001), outcome: 'kept' }, 'at most 2,000 characters'],
      [{ note: 'Why', outcome: 'maybe' }, 'Outcome must be changed or kept.'],
      [{ note: 'Why', outcome: 'changed' }, 'Enter the new grade'],
      [{ note: 'Why', outcome: 'kept', grade: 8 }, 'A kept grade takes no new grade.'],
      [{ note: 'Why', outcome: 'changed', grade: 11 }, 'Grade must be between 0 and 10.'],
      [{ note: 'Why', outcome: 'changed', grade: 8.3 }, 'Grade must be between 0 and 10'],
      [{ note: 'Why', outcome: 'changed', grade: 7 }, REGRADE_MESSAGES.sameGrade],
    ];
    for (const [payload, message] of bad) {
      const response = await answer(id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(isErrorShape(response.json())).toBe(true);
      expect(response.json().error.message, JSON.stringify(payload)).toContain(message);
    }
    expect(await storedSubmission(id)).toEqual(before);
    expect((await requestsOf(id))[0]).toMatchObject({ state: 'open', teacher_note: null });
  });

  it('is the course teacher’s alone', async () => {
    const { id } = await asked();
    expect((await answer(id, { note: 'Mine', outcome: 'kept' }, otherTeacher)).statusCode).toBe(
      404,
    );
    expect((await answer(id, { note: 'Mine', outcome: 'kept' }, otherStudent)).statusCode).toBe(
      404,
    );
    expect((await answer(id, { note: 'Mine', outcome: 'kept' }, room.student)).statusCode).toBe(
      403,
    );
    expect((await answer(id, { note: 'Mine', outcome: 'kept' }, null)).statusCode).toBe(401);
    expect((await requestsOf(id))[0]).toMatchObject({ state: 'open' });
  });

  it('answers 404 when there is no request to answer', async () => {
    const { id } = await handedIn();
    const response = await answer(id, { note: 'Nothing asked', outcome: 'kept' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('Regrade request not found.');
  });

  it('under manual release, sends the answer to the student with the changed grade', async () => {
    const made = await handedIn({ assignment: { grade_release: 'manual' } });
    const releaseGrades = (released: boolean) =>
      call(room.teacher, 'POST', `/api/assignments/${made.assignment.id}/grade-release`, {
        released,
      });
    await releaseGrades(true);
    expect((await ask(made.id, { reason: REASON })).statusCode).toBe(201);

    const response = await answer(made.id, {
      note: 'Raised after a second look: 8.5.',
      outcome: 'changed',
      grade: 8.5,
    });
    expect(response.statusCode).toBe(200);
    // The changed grade waits for the next release, and so does the answer that mentions it.
    const waiting = (await status(made.id)).json();
    expect(waiting.request).toMatchObject({
      state: 'open',
      teacher_note: null,
      outcome: null,
      answered_at: null,
    });
    const shown = JSON.stringify(waiting);
    expect(shown).not.toContain('second look');
    // The grade as a number of its own, not the digits of a timestamp such as "…:58.558Z".
    expect(shown).not.toMatch(/(?<![\d.])8\.5(?!\d)/);
    expect((await call(room.student, 'GET', `/api/submissions/${made.id}`)).json().grade).toBe(
      null,
    );

    await releaseGrades(true);
    expect((await status(made.id)).json().request).toMatchObject({
      state: 'answered',
      outcome: 'changed',
      teacher_note: 'Raised after a second look: 8.5.',
    });
    expect((await call(room.student, 'GET', `/api/submissions/${made.id}`)).json().grade).toBe(8.5);
  });

  it('keeps the points per criterion that still add up, and takes new ones with the grade', async () => {
    const made = await handedIn({ grade: null });
    const graded = await call(room.teacher, 'POST', `/api/submissions/${made.id}/grade`, {
      grade: 7,
      rubric_scores: [
        { criteria: 'Correctness', points_earned: 4, max_points: 6 },
        { criteria: 'Style', points_earned: 3, max_points: 4 },
      ],
    });
    expect(graded.statusCode, graded.body).toBe(200);
    await ask(made.id, { reason: REASON, criteria: ['Correctness'] });
    const wrongSum = await answer(made.id, {
      note: 'Raised',
      outcome: 'changed',
      grade: 9,
      rubric_scores: [
        { criteria: 'Correctness', points_earned: 5, max_points: 6 },
        { criteria: 'Style', points_earned: 3, max_points: 4 },
      ],
    });
    expect(wrongSum.statusCode).toBe(400);
    expect(wrongSum.json().error.message).toContain('sum of the rubric points');
    expect((await requestsOf(made.id))[0]).toMatchObject({ state: 'open' });

    const response = await answer(made.id, {
      note: 'Raised',
      outcome: 'changed',
      grade: 9,
      rubric_scores: [
        { criteria: 'Correctness', points_earned: 6, max_points: 6 },
        { criteria: 'Style', points_earned: 3, max_points: 4 },
      ],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect((await storedSubmission(made.id)).rubric_scores).toEqual([
      { criteria: 'Correctness', points_earned: 6, max_points: 6 },
      { criteria: 'Style', points_earned: 3, max_points: 4 },
    ]);
  });
});

describe('the database’s own rules', () => {
  it('refuses a second request, an over-long reason and half an answer, whatever writes them', async () => {
    const { id } = await handedIn();
    const db = t.database.db;
    const row = { submission_id: id, student_id: room.student.id, reason: REASON };
    await expect(
      db.insert(regradeRequests).values({ ...row, reason: 'x'.repeat(2001) }),
    ).rejects.toThrow();
    await db.insert(regradeRequests).values(row);
    await expect(db.insert(regradeRequests).values(row)).rejects.toThrow();
    await expect(
      db
        .update(regradeRequests)
        .set({ state: 'answered', outcome: 'kept' })
        .where(eq(regradeRequests.submission_id, id)),
    ).rejects.toThrow();
    await expect(
      db
        .update(regradeRequests)
        .set({ state: 'answered', outcome: 'kept', teacher_note: ' ', answered_at: new Date() })
        .where(eq(regradeRequests.submission_id, id)),
    ).rejects.toThrow();
    expect(await requestsOf(id)).toMatchObject([{ state: 'open', teacher_note: null }]);
  });
});
