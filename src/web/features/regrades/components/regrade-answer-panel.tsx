import { useState } from 'react';
import { gradeErrorMessage, isValidGrade } from '@domain/grading';
import { REGRADE } from '@domain/limits';
import { type RegradeOutcome, regradeAnswerInputSchema } from '@domain/schemas/regrades';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { describedBy, Field, Input, Textarea } from '@web/components/ui/input';
import { ErrorAlert } from '@web/components/ui/alert';
import { ApiError } from '@web/lib/api-error';
import { type FieldErrors, fieldErrorsFromZod, focusFirstInvalid } from '@web/lib/form-errors';
import { focusSoon } from '@web/lib/focus';
import { toast } from '@web/lib/toast';
import { useFormErrors } from '@web/lib/use-form-errors';
import { useAnswerRegrade, useRegradeStatusForTeacher } from '../api/regrade-requests';
import { RegradeRequestDetails, RegradeStateBadge } from './regrade-request-details';

const FIELD_IDS = { note: 'regrade-note', outcome: 'regrade-outcome', grade: 'regrade-grade' };
const HEADING_ID = 'regrade-answer-heading';

interface FormValues {
  note: string;
  outcome: RegradeOutcome;
  grade: string;
}

function toInput(values: FormValues) {
  return {
    note: values.note,
    outcome: values.outcome,
    ...(values.outcome === 'changed' && {
      grade: values.grade.trim() === '' ? undefined : Number(values.grade),
    }),
  };
}

function checker(totalPoints: number, currentGrade: number | null) {
  return (values: FormValues): FieldErrors => {
    const result = regradeAnswerInputSchema.safeParse(toInput(values));
    const errors = result.success ? {} : fieldErrorsFromZod(result.error);
    if (values.outcome === 'changed' && !errors.grade) {
      const grade = Number(values.grade);
      if (!isValidGrade(grade, totalPoints)) errors.grade = gradeErrorMessage(totalPoints);
      else if (grade === currentGrade) {
        errors.grade = "That is the current grade. Choose 'Keep grade' to keep it.";
      }
    }
    return errors;
  };
}

/**
 * The review screen's regrade request (docs/decisions/028): what the student asked and, while
 * it is open, the answer form: a note, and the grade kept or changed. Nothing when there is none.
 */
export function RegradeAnswerPanel({
  submissionId,
  assignmentId,
  totalPoints,
  currentGrade,
  onGradeChanged,
}: {
  submissionId: string;
  assignmentId: string;
  totalPoints: number;
  currentGrade: number | null;
  /** After an answer that changed the grade: the grading form starts again from it. */
  onGradeChanged?: () => void;
}) {
  const status = useRegradeStatusForTeacher(submissionId);
  // Here, not in the form: the form goes once the request is answered, and the answer's
  // callbacks (toast, focus) must still run.
  const answer = useAnswerRegrade(submissionId, assignmentId);
  const request = status.data?.request;
  if (!request) return null;

  return (
    <Card className="p-5">
      <section aria-labelledby={HEADING_ID}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={HEADING_ID} className="text-base font-semibold text-gray-900">
            Regrade Request
          </h2>
          <RegradeStateBadge request={request} />
        </div>
        <div className="mt-4">
          <RegradeRequestDetails request={request} viewer="teacher" />
        </div>
        {request.state === 'open' && (
          <AnswerForm
            answer={answer}
            totalPoints={totalPoints}
            currentGrade={currentGrade}
            onGradeChanged={onGradeChanged}
          />
        )}
      </section>
    </Card>
  );
}

function AnswerForm({
  answer,
  totalPoints,
  currentGrade,
  onGradeChanged,
}: {
  answer: ReturnType<typeof useAnswerRegrade>;
  totalPoints: number;
  currentGrade: number | null;
  onGradeChanged?: () => void;
}) {
  const [values, setValues] = useState<FormValues>({
    note: '',
    outcome: 'kept',
    grade: currentGrade === null ? '' : String(currentGrade),
  });
  const check = checker(totalPoints, currentGrade);
  const errors = useFormErrors(check, answer.error);
  const shown = errors.shown;
  const refusal =
    answer.error instanceof ApiError && answer.error.status !== 400 ? answer.error.message : null;

  const set = (next: FormValues, field: keyof FormValues) => {
    setValues(next);
    errors.changed(field, next);
  };

  function handleSubmit(event: React.FormEvent) {
    event.preventDefault();
    const found = check(values);
    errors.submitted(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid(found, FIELD_IDS);
      return;
    }
    const input = toInput(values);
    answer.mutate(input, {
      onSuccess: () => {
        toast.success(
          input.outcome === 'changed'
            ? 'Regrade answered and the grade changed.'
            : 'Regrade answered. The grade stays as it was.',
        );
        if (input.outcome === 'changed') onGradeChanged?.();
        focusSoon(() => document.getElementById(HEADING_ID));
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400) return;
        toast.error('Failed to answer the regrade request. Please try again.');
      },
    });
  }

  const length = values.note.length;
  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      className="mt-5 space-y-5 border-t border-gray-200 pt-5"
    >
      <h3 className="text-sm font-semibold text-gray-900">Answer the request</h3>
      {refusal && <ErrorAlert>{refusal}</ErrorAlert>}
      <Field
        id={FIELD_IDS.note}
        label="Note to the student"
        required
        hint={`${length.toLocaleString('en-US')} / ${REGRADE.noteMaxChars.toLocaleString('en-US')} characters`}
        error={shown.note}
      >
        <Textarea
          id={FIELD_IDS.note}
          name="note"
          rows={4}
          required
          maxLength={REGRADE.noteMaxChars}
          value={values.note}
          onChange={(event) => set({ ...values, note: event.target.value }, 'note')}
          invalid={Boolean(shown.note)}
          aria-describedby={describedBy(FIELD_IDS.note, { hint: true, error: shown.note })}
        />
      </Field>
      <fieldset id={FIELD_IDS.outcome} tabIndex={-1}>
        <legend className="text-sm font-medium text-gray-700">Outcome</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          {(
            [
              ['kept', 'Keep grade'],
              ['changed', 'Change grade'],
            ] as const
          ).map(([outcome, label]) => (
            <div key={outcome} className="flex items-center gap-2">
              <input
                id={`regrade-outcome-${outcome}`}
                type="radio"
                name="outcome"
                value={outcome}
                checked={values.outcome === outcome}
                onChange={() => set({ ...values, outcome }, 'outcome')}
                className="size-4 accent-indigo-600"
              />
              <label htmlFor={`regrade-outcome-${outcome}`} className="text-sm text-gray-900">
                {label}
              </label>
            </div>
          ))}
        </div>
      </fieldset>
      {values.outcome === 'changed' && (
        <Field
          id={FIELD_IDS.grade}
          label={`New grade (out of ${totalPoints})`}
          required
          hint="Saved like any grade; the feedback stays as it is."
          error={shown.grade}
        >
          <Input
            id={FIELD_IDS.grade}
            name="grade"
            type="number"
            inputMode="decimal"
            min={0}
            max={totalPoints}
            step={0.5}
            value={values.grade}
            onChange={(event) => set({ ...values, grade: event.target.value }, 'grade')}
            invalid={Boolean(shown.grade)}
            aria-describedby={describedBy(FIELD_IDS.grade, { hint: true, error: shown.grade })}
            className="max-w-40"
          />
        </Field>
      )}
      <div className="flex justify-end">
        <Button type="submit" disabled={answer.isPending}>
          {answer.isPending ? 'Sending...' : 'Send Answer'}
        </Button>
      </div>
    </form>
  );
}
