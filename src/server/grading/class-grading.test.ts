// Grading a whole class with Mylo (issue 13) through HTTP against a real database: stored
// suggestions, 'Grade all' as background jobs, rubric scores, and agreement.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gradingSuggestions, jobs, submissions } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment, buildCourse, enrol } from '../test/factories';
import { startFakeOpenAi, type FakeLlmServer } from '../test/fakes/fake-openai';
import { textPdf } from '../test/pdf-fixtures';
import { signedInUser } from '../test/sign-in';
import { submit, uploaded } from '../test/uploads';
import { createClassGradingService, SUGGEST_JOB } from './class-grading.service';
import { createGradingService } from './grading.service';

type User = Awaited<ReturnType<typeof signedInUser>>;

const RUBRIC = '## Correctness (6 points)\n## Analysis (4 points)';
const ESSAY = [
  'Correctness: the hash table resizes when the load factor passes one half, and every test passes.',
  'Analysis: inserts are amortised constant time because each resize doubles the capacity.',
];

/** A course with an assignment and `count` students who each submitted a real PDF. */
async function classroom(t: TestApp, count: number, teacher?: User) {
  const owner = teacher ?? (await signedInUser(t, 'teacher'));
  const course = await buildCourse(t.database.db, owner.id);
  const assignment = await buildAssignment(t.database.db, course.id, {
    total_points: 10,
    rubric_markdown: RUBRIC,
  });
  const students: User[] = [];
  const submissionIds: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const student = await signedInUser(t, 'student', `Student ${i + 1}`);
    await enrol(t.database.db, course.id, student.id);
    const file = await uploaded(t, student, assignment.id, { data: await pdfOf(ESSAY) });
    const response = await submit(t, student, assignment.id, file);
    students.push(student);
    submissionIds.push(response.json<{ id: string }>().id);
  }
  return { teacher: owner, course, assignment, students, submissionIds };
}

const pdfOf = (pages: string[]) => textPdf(pages);

const call = (
  t: TestApp,
  user: User | null,
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) => t.app.inject({ method, url, headers: user?.headers, ...(payload && { payload }) });

describe('with the offline engine', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const testGrade = (user: User, ids: { submission: string; assignment: string; course: string }) =>
    call(t, user, 'POST', '/api/agent/test/grade-submission', {
      submission_id: ids.submission,
      assignment_id: ids.assignment,
      course_id: ids.course,
    });

  it('keeps every suggestion: shown after a reload, dismissed by Clear Auto-Grade, stale after a resubmission', async () => {
    const { teacher, course, assignment, students, submissionIds } = await classroom(t, 1);
    const ids = { submission: submissionIds[0]!, assignment: assignment.id, course: course.id };
    const graded = await testGrade(teacher, ids);
    expect(graded.statusCode).toBe(200);
    const suggestionId = graded.json<{ suggestion_id: string }>().suggestion_id;

    const shown = await call(t, teacher, 'GET', `/api/submissions/${ids.submission}/suggestion`);
    expect(shown.json()).toMatchObject({
      current: { id: suggestionId, engine_id: 'offline', grade: graded.json().grade },
      stale: null,
    });

    expect(
      (await call(t, teacher, 'POST', `/api/suggestions/${suggestionId}/dismiss`)).statusCode,
    ).toBe(204);
    const cleared = await call(t, teacher, 'GET', `/api/submissions/${ids.submission}/suggestion`);
    expect(cleared.json()).toEqual({ current: null, stale: null });
    const [kept] = await t.database.db
      .select()
      .from(gradingSuggestions)
      .where(eq(gradingSuggestions.id, suggestionId));
    expect(kept?.dismissed_at).not.toBeNull();

    // A new suggestion, then the student resubmits: it is kept, but marked as for an older file.
    const again = (await testGrade(teacher, ids)).json<{ suggestion_id: string }>();
    const file = await uploaded(t, students[0]!, assignment.id, {
      data: await pdfOf(['A new version.']),
    });
    await submit(t, students[0]!, assignment.id, file);
    const stale = await call(t, teacher, 'GET', `/api/submissions/${ids.submission}/suggestion`);
    expect(stale.json()).toMatchObject({ current: null, stale: { id: again.suggestion_id } });
  });

  it('records the suggestion a grade started from and the teacher’s points per criterion', async () => {
    const { teacher, course, assignment, students, submissionIds } = await classroom(t, 2);
    const ids = { submission: submissionIds[0]!, assignment: assignment.id, course: course.id };
    const suggestion = (await testGrade(teacher, ids)).json<{
      suggestion_id: string;
      detailed_result: object;
    }>();
    const scores = [
      { criteria: 'Correctness', points_earned: 5.5, max_points: 6 },
      { criteria: 'Analysis', points_earned: 3, max_points: 4 },
    ];

    const wrongSum = await call(t, teacher, 'POST', `/api/submissions/${ids.submission}/grade`, {
      grade: 9,
      rubric_scores: scores,
    });
    expect(wrongSum.statusCode).toBe(400);
    expect(wrongSum.json().error.message).toBe(
      'The grade must be the sum of the rubric points (8.5).',
    );

    const otherSubmission = await call(
      t,
      teacher,
      'POST',
      `/api/submissions/${submissionIds[1]}/grade`,
      {
        grade: 8,
        suggestion_id: suggestion.suggestion_id,
      },
    );
    expect(otherSubmission.statusCode).toBe(400);

    const saved = await call(t, teacher, 'POST', `/api/submissions/${ids.submission}/grade`, {
      grade: 8.5,
      rubric_scores: scores,
      suggestion_id: suggestion.suggestion_id,
      detailed_feedback_json: suggestion.detailed_result,
      show_detailed_feedback: true,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      grade: 8.5,
      rubric_scores: scores,
      graded_from_suggestion_id: suggestion.suggestion_id,
      detailed_feedback_json: {
        grade: 8.5,
        percentage: 85,
        rubric_breakdown: [
          { criteria: 'Correctness', points_earned: 5.5 },
          { criteria: 'Analysis', points_earned: 3 },
        ],
      },
    });
    // The student sees the per-criterion points with the detailed feedback, not the suggestion.
    const own = await call(t, students[0]!, 'GET', `/api/submissions/${ids.submission}`);
    expect(own.json()).toMatchObject({ rubric_scores: scores, graded_from_suggestion_id: null });
  });

  it('grades a whole class in the background: progress to done, once, skipping graded work', async () => {
    const { teacher, assignment, submissionIds } = await classroom(t, 4);
    // One already graded by hand: Mylo leaves it alone.
    await call(t, teacher, 'POST', `/api/submissions/${submissionIds[0]}/grade`, { grade: 7 });

    const url = `/api/assignments/${assignment.id}/auto-grading`;
    const started = await call(t, teacher, 'POST', url, { engine: 'offline' });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ changed: 3, active: true });
    const twice = await call(t, teacher, 'POST', url, { engine: 'offline' });
    expect(twice.json().changed).toBe(0);

    await t.app.jobs.drain();
    const done = (await call(t, teacher, 'GET', url)).json();
    expect(done).toMatchObject({
      active: false,
      counts: { done: 3, queued: 0, running: 0, failed: 0 },
      waiting: 0,
      eta_seconds: 0,
    });
    const rows = new Map(
      (done.submissions as { submission_id: string; suggestion: { grade: number } | null }[]).map(
        (row) => [row.submission_id, row],
      ),
    );
    expect(rows.get(submissionIds[0]!)?.suggestion).toBeNull();
    for (const id of submissionIds.slice(1)) {
      expect(rows.get(id)?.suggestion?.grade).toEqual(expect.any(Number));
    }
    // Nothing was graded for real.
    const grades = await t.database.db
      .select({ grade: submissions.grade })
      .from(submissions)
      .where(eq(submissions.assignment_id, assignment.id));
    expect(grades.filter((row) => row.grade !== null)).toHaveLength(1);
    // Every submission has its suggestion now: starting again starts nothing.
    expect((await call(t, teacher, 'POST', url, { engine: 'offline' })).json().changed).toBe(0);
  });

  it('does not queue a submission again whose job finished after the class was read', async () => {
    const { teacher, assignment, submissionIds } = await classroom(t, 1);
    const deps = t.app.serviceDeps;
    const actor = { id: teacher.id, role: 'teacher' as const };
    // The job finishes (its suggestion written, then marked done) after the class was read and
    // before the transaction that queues the jobs: the one moment the read can be out of date.
    const racingDb = new Proxy(deps.db, {
      get(target, property, receiver) {
        if (property !== 'transaction') return Reflect.get(target, property, receiver);
        return async (...args: Parameters<typeof target.transaction>) => {
          await createGradingService(deps).suggest(actor, submissionIds[0]!, {
            engineId: 'offline',
          });
          return target.transaction(...args);
        };
      },
    });
    const classGrading = createClassGradingService({ ...deps, db: racingDb });

    const started = await classGrading.start(actor, assignment.id, { engine: 'offline' });

    expect(started.changed).toBe(0);
    expect(await t.database.db.$count(jobs, eq(jobs.key, submissionIds[0]!))).toBe(0);
    expect(started.submissions[0]?.suggestion).not.toBeNull();
  });

  it('picks up grading jobs a killed process left running, once their lease has expired', async () => {
    const { teacher, assignment, submissionIds } = await classroom(t, 1);
    await t.database.db.insert(jobs).values({
      kind: SUGGEST_JOB,
      payload: { submissionId: submissionIds[0], engineId: 'offline', requestedBy: teacher.id },
      key: submissionIds[0],
      group_id: assignment.id,
      state: 'running',
      attempts: 1,
      lease_owner: 'killed-host:999:gone',
      lease_expires_at: sql`now() - interval '1 second'`,
    });
    await t.app.jobs.drain();
    const status = (
      await call(t, teacher, 'GET', `/api/assignments/${assignment.id}/auto-grading`)
    ).json();
    expect(status.counts).toMatchObject({ done: 1, running: 0 });
    expect(status.submissions[0].suggestion).not.toBeNull();
  });

  it('cancels an assignment’s jobs when it is deleted', async () => {
    const { teacher, assignment } = await classroom(t, 2);
    await t.app.jobs.stop(); // keep the jobs queued while the assignment goes
    try {
      await call(t, teacher, 'POST', `/api/assignments/${assignment.id}/auto-grading`, {
        engine: 'offline',
      });
      expect(
        (await call(t, teacher, 'DELETE', `/api/assignments/${assignment.id}`)).statusCode,
      ).toBe(204);
      const states = await t.database.db
        .select({ state: jobs.state })
        .from(jobs)
        .where(eq(jobs.group_id, assignment.id));
      expect(states.map((row) => row.state)).toEqual(['cancelled', 'cancelled']);
    } finally {
      t.app.jobs.start();
    }
  });

  it('hides all of it from the other teacher, the students and anonymous callers', async () => {
    const { assignment, students, submissionIds } = await classroom(t, 1);
    const stranger = await signedInUser(t, 'teacher');
    for (const url of [
      `/api/assignments/${assignment.id}/auto-grading`,
      `/api/assignments/${assignment.id}/agreement`,
      `/api/submissions/${submissionIds[0]}/suggestion`,
    ]) {
      expect((await call(t, stranger, 'GET', url)).statusCode).toBe(404);
      expect((await call(t, students[0]!, 'GET', url)).statusCode).toBe(403);
      expect((await call(t, null, 'GET', url)).statusCode).toBe(401);
    }
    const start = await call(
      t,
      stranger,
      'POST',
      `/api/assignments/${assignment.id}/auto-grading`,
      {},
    );
    expect(start.statusCode).toBe(404);
    expect(await t.database.db.$count(jobs, eq(jobs.group_id, assignment.id))).toBe(0);
  });

  it('measures agreement between Mylo and the teacher, as a whole and per criterion', async () => {
    const { teacher, assignment, course, submissionIds } = await classroom(t, 3);
    const url = `/api/assignments/${assignment.id}/agreement`;
    expect((await call(t, teacher, 'GET', url)).json()).toMatchObject({
      count: 0,
      mean_abs_difference: null,
    });

    const suggested: number[] = [];
    for (const id of submissionIds) {
      const result = await testGrade(teacher, {
        submission: id,
        assignment: assignment.id,
        course: course.id,
      });
      suggested.push(result.json<{ grade: number }>().grade);
    }
    const suggestion = await t.database.db
      .select({ id: gradingSuggestions.id, result: gradingSuggestions.result })
      .from(gradingSuggestions)
      .where(eq(gradingSuggestions.submission_id, submissionIds[0]!));
    const breakdown = (
      suggestion[0]!.result as { rubric_breakdown: { criteria: string; points_earned: number }[] }
    ).rubric_breakdown;
    const myloCorrectness = breakdown.find((row) => row.criteria === 'Correctness')!.points_earned;
    // The teacher agrees exactly on one, gives 1 point more on another, and grades the third
    // with the rubric rows: Correctness full marks, Analysis 0.
    await call(t, teacher, 'POST', `/api/submissions/${submissionIds[0]}/grade`, {
      grade: 6,
      rubric_scores: [
        { criteria: 'Correctness', points_earned: 6, max_points: 6 },
        { criteria: 'Analysis', points_earned: 0, max_points: 4 },
      ],
      suggestion_id: suggestion[0]!.id,
    });
    await call(t, teacher, 'POST', `/api/submissions/${submissionIds[1]}/grade`, {
      grade: suggested[1],
    });
    await call(t, teacher, 'POST', `/api/submissions/${submissionIds[2]}/grade`, {
      grade: Math.min(10, suggested[2]! + 1),
    });

    const agreement = (await call(t, teacher, 'GET', url)).json();
    const differences = [6 - suggested[0]!, 0, Math.min(10, suggested[2]! + 1) - suggested[2]!];
    const meanAbs = differences.reduce((sum, d) => sum + Math.abs(d), 0) / 3;
    expect(agreement).toMatchObject({ count: 3, total_points: 10 });
    expect(agreement.mean_abs_difference).toBeCloseTo(meanAbs, 2);
    expect(agreement.mean_abs_difference_percent).toBeCloseTo(meanAbs * 10, 1);
    expect(agreement.within_5_percent).toBeCloseTo(
      differences.filter((d) => Math.abs(d) <= 0.5).length / 3,
      3,
    );
    expect(agreement.criteria).toEqual([
      expect.objectContaining({
        criteria: 'Correctness',
        count: 1,
        mean_difference: 6 - myloCorrectness,
      }),
      expect.objectContaining({ criteria: 'Analysis', count: 1 }),
    ]);
    expect(agreement.largest.length).toBe(differences.filter((d) => d !== 0).length);
    expect(agreement.largest[0]).toMatchObject({ student_name: expect.any(String) });
  });
});

describe('with a hosted model that fails', () => {
  let t: TestApp;
  let fake: FakeLlmServer;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
    t = await buildTestApp({
      config: {
        llm: { provider: 'openai', apiKey: 'test-key', baseUrl: fake.url, model: 'gpt-test' },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('retries a provider that keeps failing, then fails the job with the reason and stores no grade', async () => {
    const { teacher, assignment, submissionIds } = await classroom(t, 1);
    // Every call answers 503 (the fake's default with nothing scripted is a 500).
    const started = await call(
      t,
      teacher,
      'POST',
      `/api/assignments/${assignment.id}/auto-grading`,
      {},
    );
    expect(started.json().changed).toBe(1);
    for (let i = 0; i < 20; i += 1) {
      await t.app.jobs.drain();
      const [row] = await t.database.db.select().from(jobs).where(eq(jobs.key, submissionIds[0]!));
      if (row?.state === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    const status = (
      await call(t, teacher, 'GET', `/api/assignments/${assignment.id}/auto-grading`)
    ).json();
    expect(status.counts.failed).toBe(1);
    expect(status.submissions[0]).toMatchObject({
      job: { state: 'failed', attempts: 3, error: 'The AI provider returned an error (HTTP 500).' },
      suggestion: null,
    });
    expect(await t.database.db.$count(gradingSuggestions)).toBe(0);
  });

  it('cancels a slow provider call when the teacher cancels, and keeps nothing of it', async () => {
    const { teacher, assignment } = await classroom(t, 1);
    fake.enqueue({ hang: true });
    const url = `/api/assignments/${assignment.id}/auto-grading`;
    const asked = fake.requests.length;
    await call(t, teacher, 'POST', url, {});
    // Cancel once the provider has the request and is sitting on it.
    for (let i = 0; i < 200 && fake.requests.length === asked; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(fake.pending()).toBe(0);
    const cancelled = (await call(t, teacher, 'DELETE', url)).json();
    expect(cancelled).toMatchObject({ changed: 1, active: false, counts: { cancelled: 1 } });
    await t.app.jobs.drain();
    expect(await t.database.db.$count(gradingSuggestions)).toBe(0);
  });

  it('uses a hosted model’s answer once it comes', async () => {
    const { teacher, assignment } = await classroom(t, 1);
    fake.enqueue({
      json: {
        rubric_breakdown: [
          {
            criteria: 'Correctness',
            points_earned: 5,
            max_points: 6,
            justification: 'Passes.',
            quality_assessment: 'Good',
          },
          {
            criteria: 'Analysis',
            points_earned: 3,
            max_points: 4,
            justification: 'Sound.',
            quality_assessment: 'Good',
          },
        ],
        grade: 8,
        confidence_level: 0.8,
        feedback: {
          overall: 'Solid.',
          strengths: [],
          areas_for_improvement: [],
          missing_elements: [],
        },
        recommendations: [],
        injection_attempts: [],
      },
    });
    await call(t, teacher, 'POST', `/api/assignments/${assignment.id}/auto-grading`, {});
    await t.app.jobs.drain();
    const status = (
      await call(t, teacher, 'GET', `/api/assignments/${assignment.id}/auto-grading`)
    ).json();
    expect(status.submissions[0].suggestion).toMatchObject({
      grade: 8,
      engine_name: 'openai:gpt-test',
    });
  });
});
