import type { z } from 'zod';
import type { AssignmentStatus, GradeReleasePolicy } from '@domain/roles';
import {
  type Assignment,
  type AssignmentInput,
  assignmentInputSchema,
  type AssignmentUpdate,
  assignmentUpdateSchema,
  LATE_PENALTY_CAP_NEEDS_RATE,
} from '@domain/schemas/assignments';
import { TOTAL_POINTS } from '@domain/limits';
import { fromDateTimeLocalValue, toDateTimeLocalValue } from '@web/lib/datetime-local';
import { type FieldErrors, fieldErrorsFromZod } from '@web/lib/form-errors';

/** What the form's inputs hold: text as typed, the due date as a datetime-local value. */
export interface AssignmentFormValues {
  title: string;
  description: string;
  due_date: string;
  total_points: string;
  status: AssignmentStatus;
  rubric_markdown: string;
  grade_release: GradeReleasePolicy;
  accepts_regrade_requests: boolean;
  /** Late policy percents as typed; empty means none. */
  late_penalty_percent_per_day: string;
  late_penalty_cap_percent: string;
}

export const emptyAssignmentForm: AssignmentFormValues = {
  title: '',
  description: '',
  due_date: '',
  total_points: String(TOTAL_POINTS.default),
  status: 'draft',
  rubric_markdown: '',
  grade_release: 'automatic',
  accepts_regrade_requests: true,
  late_penalty_percent_per_day: '',
  late_penalty_cap_percent: '',
};

export function assignmentToFormValues(assignment: Assignment): AssignmentFormValues {
  return {
    title: assignment.title,
    description: assignment.description ?? '',
    due_date: toDateTimeLocalValue(assignment.due_date),
    total_points: String(assignment.total_points),
    status: assignment.status,
    rubric_markdown: assignment.rubric_markdown ?? '',
    grade_release: assignment.grade_release,
    accepts_regrade_requests: assignment.accepts_regrade_requests,
    late_penalty_percent_per_day: percentText(assignment.late_penalty_percent_per_day),
    late_penalty_cap_percent: percentText(assignment.late_penalty_cap_percent),
  };
}

const percentText = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

/** A percent as typed: empty is none (null); anything else a number for the schema to check. */
export function parsePercent(text: string): number | null {
  return text.trim() === '' ? null : Number(text.trim());
}

/** The late policy's fields for a request, and the one rule across them. */
function latePenaltyOf(values: AssignmentFormValues) {
  return {
    late_penalty_percent_per_day: parsePercent(values.late_penalty_percent_per_day),
    late_penalty_cap_percent: parsePercent(values.late_penalty_cap_percent),
  };
}

const withoutNulls = <T extends object>(fields: T) =>
  Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== null));

function withCapRule<T>(values: AssignmentFormValues, result: Result<T>): Result<T> {
  const penalty = latePenaltyOf(values);
  if (penalty.late_penalty_cap_percent === null || penalty.late_penalty_percent_per_day !== null) {
    return result;
  }
  const errors = result.ok ? {} : result.errors;
  return {
    ok: false,
    errors: { ...errors, late_penalty_cap_percent: LATE_PENALTY_CAP_NEEDS_RATE },
  };
}

/** SPEC §5: parsed as an integer, 0 when it is not a number (which validation then refuses). */
export function parseTotalPoints(text: string): number {
  const points = Number.parseInt(text, 10);
  return Number.isNaN(points) ? 0 : points;
}

type Result<T> = { ok: true; input: T } | { ok: false; errors: FieldErrors };

function check<S extends z.ZodType>(schema: S, payload: unknown): Result<z.output<S>> {
  const result = schema.safeParse(payload);
  return result.success
    ? { ok: true, input: result.data }
    : { ok: false, errors: fieldErrorsFromZod(result.error) };
}

const hasText = (text: string) => text.trim() !== '';

/** Create: empty description, due date and rubric are left out (SPEC §5). */
export function toCreateInput(values: AssignmentFormValues): Result<AssignmentInput> {
  const dueDate = fromDateTimeLocalValue(values.due_date);
  return withCapRule(
    values,
    check(assignmentInputSchema, {
      ...withoutNulls(latePenaltyOf(values)),
      title: values.title,
      total_points: parseTotalPoints(values.total_points),
      status: values.status,
      grade_release: values.grade_release,
      accepts_regrade_requests: values.accepts_regrade_requests,
      ...(hasText(values.description) && { description: values.description }),
      ...(dueDate !== null && { due_date: dueDate }),
      ...(hasText(values.rubric_markdown) && { rubric_markdown: values.rubric_markdown }),
    }),
  );
}

/** Edit: every field is sent, and an emptied one is sent as null so the stored value clears. */
export function toUpdateInput(values: AssignmentFormValues): Result<AssignmentUpdate> {
  return withCapRule(
    values,
    check(assignmentUpdateSchema, {
      ...latePenaltyOf(values),
      title: values.title,
      description: hasText(values.description) ? values.description : null,
      due_date: fromDateTimeLocalValue(values.due_date),
      total_points: parseTotalPoints(values.total_points),
      status: values.status,
      rubric_markdown: hasText(values.rubric_markdown) ? values.rubric_markdown : null,
      grade_release: values.grade_release,
      accepts_regrade_requests: values.accepts_regrade_requests,
    }),
  );
}
