// A student never sees what the teacher did not choose to show (DESIGN §11, §15): every route a
// student can call is called as the enrolled student, and no answer may carry the detailed
// analysis the teacher left unticked, nor ever its teacher-only parts (engine, warnings).
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DetailedResult } from '@domain/schemas/submissions';
import { courses } from '../../db/schema';
import { createGradingService } from '../../grading/grading.service';
import type { TestApp } from '../build-test-app';
import { ROUTE_TABLE } from './route-table';
import { buildReliabilityApp, buildWorld, type World } from './world';

const MARK = {
  warning: 'Teacher-only warning 7f3a: the text asks the grader for full marks',
  engine: 'engine-marker-91c2',
  overall: 'Detailed overall assessment 5b8e',
  plain: 'Plain feedback 2d4c',
};

const analysis: DetailedResult = {
  grade: 80,
  percentage: 80,
  confidence_level: 0.6,
  feedback: {
    overall: MARK.overall,
    strengths: ['Clear structure'],
    areas_for_improvement: [],
    missing_elements: [],
  },
  rubric_breakdown: [],
  recommendations: ['Cite your sources'],
  engine: MARK.engine,
  warnings: [MARK.warning],
};

/** Every route the enrolled student may call, except those that end the session. */
const studentRoutes = ROUTE_TABLE.filter(
  (entry) => entry.expect.enrolledStudent < 300 && !entry.last && entry.route !== '/api/files',
);

let t: TestApp;
let world: World;

beforeAll(async () => {
  t = await buildReliabilityApp();
  world = await buildWorld(t);
});
afterAll(() => t.close());

async function gradeWorldSubmission(show: boolean) {
  const grading = createGradingService(t.app.serviceDeps);
  const teacher = { id: world.owningTeacher.id, role: world.owningTeacher.role };
  await grading.grade(teacher, world.submission.id, {
    grade: 80,
    feedback: MARK.plain,
    show_detailed_feedback: show,
    detailed_feedback_json: analysis,
  });
}

/** What the enrolled student gets from every route they may call, keyed by route. */
async function everythingTheStudentSees() {
  const seen: Record<string, string> = {};
  for (const entry of studentRoutes) {
    const call = await entry.call(world, 'enrolledStudent');
    const response = await t.app.inject({
      method: entry.method,
      url: call.url,
      headers: { ...world.enrolledStudent.headers, ...call.headers },
      ...(call.payload !== undefined && { payload: call.payload as object }),
    });
    expect(response.statusCode, `${entry.method} ${entry.route}`).toBeLessThan(300);
    seen[`${entry.method} ${entry.route}`] = response.body;
  }
  return seen;
}

const showing = (seen: Record<string, string>, text: string) =>
  Object.keys(seen).filter((route) => seen[route]?.includes(text));

describe('What a student sees of a graded submission', () => {
  it('leaves out the detailed analysis the teacher did not tick, on every route', async () => {
    await gradeWorldSubmission(false);
    const seen = await everythingTheStudentSees();
    expect(showing(seen, MARK.overall)).toEqual([]);
    expect(showing(seen, MARK.warning)).toEqual([]);
    expect(showing(seen, MARK.engine)).toEqual([]);
    expect(showing(seen, MARK.plain)).toEqual(
      expect.arrayContaining([
        'GET /api/submissions/:id',
        'GET /api/me/submissions',
        'GET /api/assignments/:id/submissions/me',
      ]),
    );
  });

  it('shows a ticked analysis, but never its engine or its warnings', async () => {
    await gradeWorldSubmission(true);
    const seen = await everythingTheStudentSees();
    expect(showing(seen, MARK.overall)).toEqual(
      expect.arrayContaining([
        'GET /api/submissions/:id',
        'GET /api/me/submissions',
        'GET /api/assignments/:id/submissions/me',
      ]),
    );
    expect(showing(seen, MARK.warning)).toEqual([]);
    expect(showing(seen, MARK.engine)).toEqual([]);
  });

  it('still shows the course teacher the whole analysis', async () => {
    await gradeWorldSubmission(false);
    const response = await t.app.inject({
      url: `/api/submissions/${world.submission.id}`,
      headers: world.owningTeacher.headers,
    });
    expect(response.body).toContain(MARK.warning);
    expect(response.body).toContain(MARK.engine);
    expect(response.body).toContain(MARK.overall);
  });
});

describe('A grade held back by manual release (DESIGN §11)', () => {
  // A grade no other number in the world's answers looks like.
  const GRADE = 73.5;
  const HIDDEN_TEXT = { feedback: 'Held-back feedback 4e1d', overall: 'Held-back analysis 9b7a' };
  const asTeacher = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: world.owningTeacher.headers,
      ...(payload && { payload }),
    });
  const setReleased = async (released: boolean) => {
    const response = await asTeacher(
      'POST',
      `/api/assignments/${world.assignment.id}/grade-release`,
      { released },
    );
    expect(response.statusCode, response.body).toBe(200);
  };
  const saveGrade = async (grade: number) => {
    const response = await asTeacher('POST', `/api/submissions/${world.submission.id}/grade`, {
      grade,
      feedback: HIDDEN_TEXT.feedback,
      show_detailed_feedback: true,
      detailed_feedback_json: {
        ...analysis,
        feedback: { ...analysis.feedback, overall: HIDDEN_TEXT.overall },
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ graded_at: string }>().graded_at;
  };
  /**
   * Every student route's answer, with the world's submission among the dashboard's few recent
   * ones: the throwaway work earlier calls handed in is removed first.
   */
  const studentSeesNow = async () => {
    await t.database.db
      .delete(courses)
      .where(and(eq(courses.teacher_id, world.owningTeacher.id), eq(courses.title, 'Throwaway')));
    const dashboard = await t.app.inject({
      url: '/api/dashboard',
      headers: world.enrolledStudent.headers,
    });
    const recent = dashboard.json<{ recent_submissions: { id: string }[] }>().recent_submissions;
    expect(recent.map((row) => row.id)).toContain(world.submission.id);
    return everythingTheStudentSees();
  };
  /** The student's own copy: handed in and ungraded, which the page shows as 'Awaiting Grade'. */
  const expectAwaitingGrade = async () => {
    const mine = await t.app.inject({
      url: `/api/submissions/${world.submission.id}`,
      headers: world.enrolledStudent.headers,
    });
    expect(mine.json()).toMatchObject({
      status: 'submitted',
      grade: null,
      graded_at: null,
      feedback: null,
      detailed_feedback_json: null,
      rubric_scores: null,
      grade_released: false,
    });
  };
  /** Routes whose answer shows the grade, the feedback, the analysis or the graded date. */
  const leaking = (seen: Record<string, string>, gradedAt: string) =>
    [
      ...showing(seen, String(GRADE)),
      ...showing(seen, HIDDEN_TEXT.feedback),
      ...showing(seen, HIDDEN_TEXT.overall),
      ...showing(seen, gradedAt),
      ...showing(seen, '"status":"graded"'),
    ].sort();

  const SUBMISSION_ROUTES = [
    'GET /api/submissions/:id',
    'GET /api/me/submissions',
    'GET /api/assignments/:id/submissions/me',
  ];

  it('covers every student route the table lists, and the agent is not one of them', () => {
    const routes = studentRoutes.map((entry) => `${entry.method} ${entry.route}`);
    expect(routes).toEqual(
      expect.arrayContaining([
        ...SUBMISSION_ROUTES,
        'GET /api/dashboard',
        'GET /api/courses',
        'GET /api/courses/:id',
        'GET /api/assignments/:id',
        'GET /api/me/assignments',
        'GET /api/courses/:id/assignments',
        'POST /api/voice-agent/update-context',
      ]),
    );
    // Mylo's chat and its tools answer teachers only, so no tool output reaches a student.
    const agentRoutes = ROUTE_TABLE.filter(
      (entry) => entry.route.startsWith('/api/agent') || entry.route.startsWith('/api/chat'),
    );
    expect(agentRoutes.length).toBeGreaterThan(0);
    for (const entry of agentRoutes)
      expect(entry.expect.enrolledStudent).toBeGreaterThanOrEqual(400);
  });

  it('hides a saved grade on every route until released, shows it once released, hides it again', async () => {
    const switched = await asTeacher('PATCH', `/api/assignments/${world.assignment.id}`, {
      grade_release: 'manual',
    });
    expect(switched.json()).toMatchObject({ grade_release: 'manual' });
    // Switching keeps what the student could already see; hiding starts from nothing released.
    await setReleased(false);

    const gradedAt = await saveGrade(GRADE);
    expect(leaking(await studentSeesNow(), gradedAt)).toEqual([]);
    await expectAwaitingGrade();
    // The teacher still sees the grade, marked as not released.
    const teacherView = await asTeacher('GET', `/api/submissions/${world.submission.id}`);
    expect(teacherView.json()).toMatchObject({ grade: GRADE, grade_released: false });

    await setReleased(true);
    const released = await studentSeesNow();
    expect(showing(released, String(GRADE))).toEqual(
      expect.arrayContaining([
        ...SUBMISSION_ROUTES,
        'GET /api/dashboard',
        'POST /api/voice-agent/update-context',
      ]),
    );
    expect(showing(released, HIDDEN_TEXT.feedback)).toEqual(
      expect.arrayContaining(SUBMISSION_ROUTES),
    );
    expect(showing(released, HIDDEN_TEXT.overall)).toEqual(
      expect.arrayContaining(SUBMISSION_ROUTES),
    );

    await setReleased(false);
    expect(leaking(await studentSeesNow(), gradedAt)).toEqual([]);
    await expectAwaitingGrade();
  });

  it('holds back a grade changed after the release until the next release', async () => {
    await setReleased(true);
    const regradedAt = await saveGrade(GRADE + 10);
    const seen = await studentSeesNow();
    expect(showing(seen, String(GRADE + 10))).toEqual([]);
    expect(showing(seen, regradedAt)).toEqual([]);
    await expectAwaitingGrade();

    await setReleased(true);
    expect(showing(await studentSeesNow(), String(GRADE + 10))).toEqual(
      expect.arrayContaining([...SUBMISSION_ROUTES, 'GET /api/dashboard']),
    );
  });
});
