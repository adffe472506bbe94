// Regrade requests (DESIGN §11, docs/decisions/028): after a grade reaches the student, they may
// ask once per submission for a regrade, with a reason and optionally the rubric criteria it
// concerns. The course's teacher answers once, with a note, and either changes the grade
// (through the grading service's own save, so release rules and graded_at follow) or keeps it.
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { rubricRowsOf, sumOfScores } from '@domain/rubric-scores';
import type { regradeAnswerInputSchema, regradeRequestInputSchema } from '@domain/schemas/regrades';
import type { RubricScore } from '@domain/schemas/rubric-scores';
import type { DetailedResult } from '@domain/schemas/submissions';
import { assignments, regradeRequests, submissions, users } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { conflict, forbidden, invalidField, notFound } from '../errors';
import { createGradingService } from '../grading/grading.service';
import type { Actor } from '../policies/actor';
import { loadGradableSubmission, loadReadableSubmission } from '../policies/submission.policy';
import { gradeReleasedColumn } from '../submissions/student-view';

type RequestInput = z.output<typeof regradeRequestInputSchema>;
type AnswerInput = z.output<typeof regradeAnswerInputSchema>;

export const REGRADE_MESSAGES = {
  /** The same for no grade and a grade not released: a hidden grade is not betrayed. */
  noGrade: 'You can ask for a regrade once your work has a grade.',
  turnedOff: 'Your teacher is not accepting regrade requests for this assignment.',
  alreadyAsked: 'You have already asked for a regrade of this submission.',
  alreadyAnswered: 'This regrade request has already been answered.',
  teacherAsks: 'Only the student who handed in this work can ask for a regrade.',
  sameGrade: "The new grade is the same as the current one. Choose 'Keep grade' to keep it.",
} as const;

type RequestRow = typeof regradeRequests.$inferSelect & {
  answered_by_name: string | null;
};

function requestView(row: RequestRow) {
  return {
    id: row.id,
    submission_id: row.submission_id,
    student_id: row.student_id,
    reason: row.reason,
    criteria: row.criteria,
    state: row.state,
    teacher_note: row.teacher_note,
    outcome: row.outcome,
    answered_by:
      row.answered_by && row.answered_by_name
        ? { id: row.answered_by, full_name: row.answered_by_name }
        : null,
    answered_at: row.answered_at,
    created_at: row.created_at,
  };
}
type RequestView = ReturnType<typeof requestView>;

/**
 * The request as its student sees it: the answer arrives with the grade. While the grade is
 * not released (say the teacher changed it under manual release), the request reads as open.
 */
export function requestForStudent(request: RequestView, gradeReleased: boolean): RequestView {
  if (gradeReleased) return request;
  return {
    ...request,
    state: 'open',
    teacher_note: null,
    outcome: null,
    answered_by: null,
    answered_at: null,
  };
}

/** Titles a request may name: the criteria of the assignment's own rubric (with points). */
function criteriaOf(assignment: { rubric_markdown: string | null; total_points: number }) {
  return (rubricRowsOf(assignment) ?? []).map((row) => row.criteria);
}

export function createRegradeService(deps: ServiceDeps) {
  const { db, clock } = deps;
  const grading = createGradingService(deps);

  /** The submission, its assignment's settings, whether its grade is released, its request. */
  async function loadState(submissionId: string) {
    const [row] = await db
      .select({
        grade: submissions.grade,
        grade_released: gradeReleasedColumn(),
        submitted_at: submissions.submitted_at,
        accepts_regrade_requests: assignments.accepts_regrade_requests,
        rubric_markdown: assignments.rubric_markdown,
        total_points: assignments.total_points,
      })
      .from(submissions)
      .innerJoin(assignments, eq(assignments.id, submissions.assignment_id))
      .where(eq(submissions.id, submissionId));
    if (!row) throw notFound('Submission');
    const [request] = await db
      .select({ request: regradeRequests, answered_by_name: users.full_name })
      .from(regradeRequests)
      .leftJoin(users, eq(users.id, regradeRequests.answered_by))
      .where(eq(regradeRequests.submission_id, submissionId));
    return {
      ...row,
      criteria: criteriaOf(row),
      // A grade the student may see: saved, and released (student-view.ts decides).
      gradeVisible: row.grade !== null && row.grade_released === true,
      request: request
        ? requestView({ ...request.request, answered_by_name: request.answered_by_name })
        : null,
    };
  }

  async function statusFor(submissionId: string, reader: 'student' | 'teacher') {
    const state = await loadState(submissionId);
    if (reader === 'teacher') {
      return {
        request: state.request,
        accepting_requests: state.accepts_regrade_requests,
        can_request: false,
        criteria: state.criteria,
      };
    }
    return {
      request: state.request && requestForStudent(state.request, state.gradeVisible),
      accepting_requests: state.accepts_regrade_requests,
      can_request: !state.request && state.accepts_regrade_requests && state.gradeVisible,
      criteria: state.criteria,
    };
  }

  return {
    /** The submission's request, if any, as the reader may see it (its student or its teacher). */
    async status(actor: Actor, submissionId: string) {
      const { reader } = await loadReadableSubmission(db, actor, submissionId);
      return statusFor(submissionId, reader);
    },

    /** The submission's student asks for a regrade: once, of a grade they can see. */
    async request(actor: Actor, submissionId: string, input: RequestInput) {
      const { reader } = await loadReadableSubmission(db, actor, submissionId);
      if (reader !== 'student') throw forbidden(REGRADE_MESSAGES.teacherAsks);
      const state = await loadState(submissionId);
      if (state.request) throw conflict(REGRADE_MESSAGES.alreadyAsked);
      if (!state.accepts_regrade_requests) throw conflict(REGRADE_MESSAGES.turnedOff);
      if (!state.gradeVisible) throw conflict(REGRADE_MESSAGES.noGrade);
      const named = [...new Set(input.criteria)];
      const unknown = named.find((title) => !state.criteria.includes(title));
      if (unknown !== undefined) {
        throw invalidField(
          'body.criteria',
          state.criteria.length === 0
            ? "This assignment's rubric has no criteria to name."
            : `"${unknown}" is not a criterion of this assignment's rubric.`,
        );
      }
      const inserted = await db
        .insert(regradeRequests)
        .values({
          submission_id: submissionId,
          student_id: actor.id,
          reason: input.reason,
          // In the rubric's order, whatever order they were ticked in.
          criteria: state.criteria.filter((title) => named.includes(title)),
          created_at: clock(),
        })
        .onConflictDoNothing({ target: regradeRequests.submission_id })
        .returning({ id: regradeRequests.id });
      if (inserted.length === 0) throw conflict(REGRADE_MESSAGES.alreadyAsked);
      return statusFor(submissionId, 'student');
    },

    /**
     * The course's teacher answers an open request, once: a note, and the grade kept or
     * changed. A changed grade is saved by grading.grade, in the same transaction as the answer.
     */
    async answer(actor: Actor, submissionId: string, input: AnswerInput) {
      await loadGradableSubmission(db, actor, submissionId);
      const state = await loadState(submissionId);
      if (!state.request) throw notFound('Regrade request');
      if (state.request.state !== 'open') throw conflict(REGRADE_MESSAGES.alreadyAnswered);
      const requestId = state.request.id;

      const markAnswered = async (executor: Pick<typeof db, 'update'>) => {
        const answered = await executor
          .update(regradeRequests)
          .set({
            state: 'answered',
            teacher_note: input.note,
            outcome: input.outcome,
            answered_by: actor.id,
            answered_at: clock(),
          })
          .where(and(eq(regradeRequests.id, requestId), eq(regradeRequests.state, 'open')))
          .returning({ id: regradeRequests.id });
        // Answered meanwhile (another tab): nothing of this answer is kept.
        if (answered.length === 0) throw conflict(REGRADE_MESSAGES.alreadyAnswered);
      };

      if (input.outcome === 'kept') {
        await markAnswered(db);
        return statusFor(submissionId, 'teacher');
      }

      const newGrade = input.grade;
      if (newGrade === undefined) {
        throw invalidField('body.grade', 'Enter the new grade, or keep the grade as it is.');
      }
      const [current] = await db
        .select({
          grade: submissions.grade,
          feedback: submissions.feedback,
          show_detailed_feedback: submissions.show_detailed_feedback,
          detailed_feedback_json: submissions.detailed_feedback_json,
          rubric_scores: submissions.rubric_scores,
          suggestion_id: submissions.graded_from_suggestion_id,
        })
        .from(submissions)
        .where(eq(submissions.id, submissionId));
      if (!current) throw notFound('Submission');
      if (current.grade === newGrade) throw invalidField('body.grade', REGRADE_MESSAGES.sameGrade);
      // The rest of the grade stays as the teacher saved it. Points per criterion that no
      // longer add up to the new grade are dropped, unless new ones are sent with it.
      const savedScores = current.rubric_scores as RubricScore[] | null;
      const keptScores =
        savedScores && Math.abs(sumOfScores(savedScores) - newGrade) < 1e-9 ? savedScores : null;
      await grading.grade(
        actor,
        submissionId,
        {
          grade: newGrade,
          feedback: current.feedback,
          show_detailed_feedback: current.show_detailed_feedback,
          detailed_feedback_json: current.detailed_feedback_json as DetailedResult | null,
          rubric_scores: input.rubric_scores ?? keptScores,
          suggestion_id: current.suggestion_id,
        },
        { alongside: markAnswered },
      );
      return statusFor(submissionId, 'teacher');
    },
  };
}

export type RegradeService = ReturnType<typeof createRegradeService>;
