import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ASSIGNMENT_STATUSES, GRADE_RELEASE_POLICIES } from '@domain/roles';
import { TOTAL_POINTS } from '@domain/limits';
import { MarkdownEditor } from '@web/components/markdown/markdown-editor';
import { Button, buttonStyles } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { describedBy, Field, Input, Select } from '@web/components/ui/input';
import { type FieldErrors, focusFirstInvalid } from '@web/lib/form-errors';
import { useFormErrors } from '@web/lib/use-form-errors';
import { paths } from '@web/lib/paths';
import type { AssignmentFormValues } from '../lib/assignment-form';

const statusLabels: Record<(typeof ASSIGNMENT_STATUSES)[number], string> = {
  draft: 'Draft (hidden from students)',
  published: 'Published (students can see and submit)',
  closed: 'Closed (no new submissions)',
};

const gradeReleaseLabels: Record<(typeof GRADE_RELEASE_POLICIES)[number], string> = {
  automatic: 'Automatic (students see a grade as soon as you save it)',
  manual: "Manual (grades stay hidden until you press 'Release grades')",
};

/** Field -> control id, in the order the fields appear. */
const FIELD_IDS = {
  title: 'assignment-title',
  description: 'assignment-description',
  due_date: 'assignment-due-date',
  total_points: 'assignment-points',
  status: 'assignment-status',
  grade_release: 'assignment-grade-release',
  late_penalty_percent_per_day: 'assignment-late-penalty',
  late_penalty_cap_percent: 'assignment-late-penalty-cap',
  rubric_markdown: 'assignment-rubric',
};

type Validated<T> = { ok: true; input: T } | { ok: false; errors: FieldErrors };

/**
 * Every assignment field (SPEC §2). `validate` turns the typed values into the request, with the
 * shared schema's messages for anything wrong; only a valid request reaches `onSubmit`.
 */
export function AssignmentForm<T>({
  courseId,
  initialValues,
  validate,
  onSubmit,
  submitLabel,
  pendingLabel,
  pending,
  serverError,
}: {
  courseId: string;
  initialValues: AssignmentFormValues;
  validate: (values: AssignmentFormValues) => Validated<T>;
  onSubmit: (input: T) => void;
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  serverError?: unknown;
}) {
  const [values, setValues] = useState(initialValues);
  const errors = useFormErrors((checked: AssignmentFormValues) => {
    const result = validate(checked);
    return result.ok ? {} : result.errors;
  }, serverError);
  const shown = errors.shown;

  const set =
    <K extends keyof AssignmentFormValues>(key: K) =>
    (value: AssignmentFormValues[K]) => {
      const next = { ...values, [key]: value };
      setValues(next);
      errors.changed(key, next);
    };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const result = validate(values);
    if (!result.ok) {
      errors.submitted(result.errors);
      focusFirstInvalid(result.errors, FIELD_IDS);
      return;
    }
    errors.submitted({});
    onSubmit(result.input);
  }

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-6">
      <Card className="space-y-6 p-6">
        <Field id="assignment-title" label="Title" required error={shown.title}>
          <Input
            id="assignment-title"
            name="title"
            required
            value={values.title}
            onChange={(event) => set('title')(event.target.value)}
            placeholder="e.g. Homework 1: Sorting algorithms"
            invalid={Boolean(shown.title)}
            aria-describedby={describedBy('assignment-title', { error: shown.title })}
          />
        </Field>

        <MarkdownEditor
          id="assignment-description"
          label="Description"
          value={values.description}
          onChange={set('description')}
          placeholder="Instructions, resources and what to hand in…"
          rows={8}
          error={shown.description}
        />

        <div className="grid gap-6 sm:grid-cols-3">
          <Field
            id="assignment-due-date"
            label="Due Date"
            hint="Leave empty for no due date."
            error={shown.due_date}
          >
            <Input
              id="assignment-due-date"
              name="due_date"
              type="datetime-local"
              value={values.due_date}
              onChange={(event) => set('due_date')(event.target.value)}
              invalid={Boolean(shown.due_date)}
              aria-describedby={describedBy('assignment-due-date', {
                hint: true,
                error: shown.due_date,
              })}
            />
          </Field>
          <Field
            id="assignment-points"
            label="Total Points"
            required
            hint={`${TOTAL_POINTS.min} to ${TOTAL_POINTS.max}.`}
            error={shown.total_points}
          >
            <Input
              id="assignment-points"
              name="total_points"
              type="number"
              inputMode="numeric"
              min={TOTAL_POINTS.min}
              max={TOTAL_POINTS.max}
              step={1}
              required
              value={values.total_points}
              onChange={(event) => set('total_points')(event.target.value)}
              invalid={Boolean(shown.total_points)}
              aria-describedby={describedBy('assignment-points', {
                hint: true,
                error: shown.total_points,
              })}
            />
          </Field>
          <Field id="assignment-status" label="Status" error={shown.status}>
            <Select
              id="assignment-status"
              name="status"
              value={values.status}
              onChange={(event) =>
                set('status')(event.target.value as AssignmentFormValues['status'])
              }
              invalid={Boolean(shown.status)}
              aria-describedby={describedBy('assignment-status', { error: shown.status })}
            >
              {ASSIGNMENT_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {statusLabels[status]}
                </option>
              ))}
            </Select>
          </Field>
        </div>

        <Field
          id="assignment-grade-release"
          label="Grade Release"
          hint="With manual release you release the grades from the Submissions tab, and can hide them again."
          error={shown.grade_release}
        >
          <Select
            id="assignment-grade-release"
            name="grade_release"
            value={values.grade_release}
            onChange={(event) =>
              set('grade_release')(event.target.value as AssignmentFormValues['grade_release'])
            }
            invalid={Boolean(shown.grade_release)}
            aria-describedby={describedBy('assignment-grade-release', {
              hint: true,
              error: shown.grade_release,
            })}
          >
            {GRADE_RELEASE_POLICIES.map((policy) => (
              <option key={policy} value={policy}>
                {gradeReleaseLabels[policy]}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex items-start gap-3">
          <input
            id="assignment-regrade-requests"
            name="accepts_regrade_requests"
            type="checkbox"
            checked={values.accepts_regrade_requests}
            onChange={(event) => set('accepts_regrade_requests')(event.target.checked)}
            aria-describedby="assignment-regrade-requests-hint"
            className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-indigo-600"
          />
          <div>
            <label
              htmlFor="assignment-regrade-requests"
              className="text-sm font-medium text-gray-700"
            >
              Accept regrade requests
            </label>
            <p id="assignment-regrade-requests-hint" className="text-sm text-gray-600">
              Students can ask once per submission for a regrade of a released grade, also after the
              assignment is closed.
            </p>
          </div>
        </div>

        <fieldset>
          <legend className="text-sm font-medium text-gray-700">Late penalty (optional)</legend>
          <p id="assignment-late-penalty-about" className="mt-1 text-xs text-gray-500">
            Suggested beside the grade of late work, per started day late; you apply it or not.
            Nothing is deducted on its own.
          </p>
          <div className="mt-3 grid gap-6 sm:grid-cols-2">
            <Field
              id="assignment-late-penalty"
              label="Percent per day late"
              hint="0 to 100, e.g. 10 or 2.5. Empty: no late penalty."
              error={shown.late_penalty_percent_per_day}
            >
              <Input
                id="assignment-late-penalty"
                name="late_penalty_percent_per_day"
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step={0.1}
                value={values.late_penalty_percent_per_day}
                onChange={(event) => set('late_penalty_percent_per_day')(event.target.value)}
                invalid={Boolean(shown.late_penalty_percent_per_day)}
                aria-describedby={describedBy('assignment-late-penalty', {
                  hint: true,
                  error: shown.late_penalty_percent_per_day,
                })}
              />
            </Field>
            <Field
              id="assignment-late-penalty-cap"
              label="Maximum penalty (percent)"
              hint="0 to 100. Empty: up to 100%."
              error={shown.late_penalty_cap_percent}
            >
              <Input
                id="assignment-late-penalty-cap"
                name="late_penalty_cap_percent"
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step={0.1}
                value={values.late_penalty_cap_percent}
                onChange={(event) => set('late_penalty_cap_percent')(event.target.value)}
                invalid={Boolean(shown.late_penalty_cap_percent)}
                aria-describedby={describedBy('assignment-late-penalty-cap', {
                  hint: true,
                  error: shown.late_penalty_cap_percent,
                })}
              />
            </Field>
          </div>
        </fieldset>
      </Card>

      <Card className="p-6">
        <MarkdownEditor
          id="assignment-rubric"
          label="Grading Rubric"
          value={values.rubric_markdown}
          onChange={set('rubric_markdown')}
          placeholder={'## Correctness (40 points)\n- All test cases pass\n\n## Style (10 points)'}
          rows={10}
          hint="Criteria with their points, e.g. '## Correctness (40 points)'. Mylo grades against this rubric."
          error={shown.rubric_markdown}
        />
      </Card>

      <div className="flex justify-end gap-3">
        <Link
          to={paths.teacher.course(courseId)}
          className={buttonStyles({ variant: 'secondary' })}
        >
          Back to Course
        </Link>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
