import { type FormEvent, useId, useState } from 'react';
import { Bot, Hourglass, Send, Sparkles } from 'lucide-react';
import { formatDateTime } from '@domain/dates';
import { QUICK_GRADES, quickGrade } from '@domain/grading';
import { daysLateLabel, penalizedGrade, type LatePenaltySuggestion } from '@domain/late-penalty';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { describedBy, Field, fieldErrorId, Input, Textarea } from '@web/components/ui/input';
import type { RubricRow } from '@domain/rubric-scores';
import { checkGrade, GRADE_BAND_TONE, type GradeFormValues } from '../grade-form';
import { RubricRows } from './rubric-rows';

const QUICK_GRADE_BUTTONS = [
  ...QUICK_GRADES.map(({ label, fraction }) => ({
    label: `${label} (${Math.round(fraction * 100)}%)`,
    points: (total: number) => quickGrade(fraction, total),
  })),
  { label: 'Full Points', points: (total: number) => total },
];

/**
 * SPEC §2 grading form: the grade with its percentage (coloured by band), quick grades, optional
 * feedback, whether the student sees the detailed analysis, Grade with Mylo and Submit.
 */
export function GradingForm({
  values,
  onChange,
  totalPoints,
  savedGrade,
  gradedAt,
  unsavedSuggestion,
  canSubmit,
  changed,
  saving,
  autoGrading,
  showAutoGrade,
  onAutoGrade,
  onSubmit,
  rubricRows,
  onRubricPointsChange,
  latePenalty = null,
}: {
  /** The late policy's suggestion for this submission (029); nothing is deducted unless applied. */
  latePenalty?: LatePenaltySuggestion | null;
  values: GradeFormValues;
  onChange: (values: GradeFormValues) => void;
  /** One row per rubric criterion, when the assignment's rubric has points. */
  rubricRows: RubricRow[] | null;
  onRubricPointsChange: (criterion: string, text: string) => void;
  totalPoints: number;
  savedGrade: number | null;
  gradedAt: string | null;
  unsavedSuggestion: boolean;
  canSubmit: boolean;
  changed: boolean;
  saving: boolean;
  autoGrading: boolean;
  /** SPEC §2: only with a file and no analysis held. */
  showAutoGrade: boolean;
  onAutoGrade: () => void;
  onSubmit: () => void;
}) {
  const id = useId();
  const gradeId = `${id}-grade`;
  const check = checkGrade(values.grade, totalPoints);
  const error = check.status === 'invalid' ? check.message : undefined;
  const busy = saving || autoGrading;
  const set = (patch: Partial<GradeFormValues>) => onChange({ ...values, ...patch });

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (canSubmit) onSubmit();
  }

  const status =
    busy || canSubmit
      ? null
      : check.status === 'empty'
        ? 'Enter a grade to submit.'
        : check.status === 'valid' && !changed
          ? 'No unsaved changes.'
          : null;

  return (
    <Card>
      <section aria-labelledby={`${id}-heading`}>
        <div className="border-b border-gray-100 px-5 py-4">
          <h2 id={`${id}-heading`} className="text-base font-semibold text-gray-900">
            Grade Submission
          </h2>
          <p className="mt-0.5 text-sm text-gray-500" data-grade-summary>
            {savedGrade === null ? (
              'Not graded yet.'
            ) : (
              <>
                Saved grade{' '}
                <span className="font-medium text-gray-900 tabular-nums">
                  {savedGrade} / {totalPoints}
                </span>
                {gradedAt && `, graded ${formatDateTime(gradedAt)}`}.
              </>
            )}
          </p>
        </div>

        {showAutoGrade && (
          <div className="flex flex-wrap items-center gap-3 border-b border-gray-100 bg-indigo-50/40 px-5 py-4">
            <p className="min-w-0 flex-1 basis-48 text-sm text-gray-600">
              Mylo can read the submission against the rubric and suggest a grade with feedback.
            </p>
            <Button onClick={onAutoGrade} disabled={busy} aria-busy={autoGrading} data-auto-grade>
              {autoGrading ? (
                <span
                  aria-hidden="true"
                  className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white"
                />
              ) : (
                <Bot aria-hidden="true" className="size-4" />
              )}
              {autoGrading ? 'Mylo is grading...' : 'Grade with Mylo'}
            </Button>
          </div>
        )}

        {unsavedSuggestion && (
          <div
            role="status"
            className="flex items-start gap-3 border-b border-yellow-200 bg-yellow-50 px-5 py-3"
          >
            <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-yellow-600" />
            <p className="text-sm text-yellow-900">
              <span className="font-semibold">Unsaved suggestion.</span> Mylo&apos;s grade and
              feedback are filled in below. Review them, then submit to save.
            </p>
          </div>
        )}

        <form noValidate onSubmit={handleSubmit} className="space-y-5 px-5 py-5">
          <fieldset disabled={busy} className="space-y-5">
            {rubricRows && (
              <RubricRows
                rows={rubricRows}
                values={values}
                analysis={values.analysis}
                onPointsChange={onRubricPointsChange}
              />
            )}
            <Field id={gradeId} label="Grade" required error={error}>
              <div className="flex flex-wrap items-center gap-3">
                <div className="flex items-center gap-2">
                  <Input
                    id={gradeId}
                    data-grade-input
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={totalPoints}
                    step={0.5}
                    value={values.grade}
                    onChange={(event) => set({ grade: event.target.value })}
                    invalid={Boolean(error)}
                    aria-describedby={describedBy(gradeId, { error })}
                    className="w-28 text-base font-semibold tabular-nums"
                  />
                  <span className="text-sm whitespace-nowrap text-gray-500 tabular-nums">
                    / {totalPoints}
                  </span>
                </div>
                {check.status === 'valid' && (
                  <Badge
                    tone={GRADE_BAND_TONE[check.band]}
                    className="px-2.5 py-1 text-sm font-semibold tabular-nums"
                  >
                    {check.percentage}%
                  </Badge>
                )}
              </div>
            </Field>

            {latePenalty && (
              <LatePenaltyNote
                penalty={latePenalty}
                grade={check.status === 'valid' ? Number(values.grade.trim()) : null}
                onApply={(grade) => set({ grade: String(grade) })}
              />
            )}

            <div role="group" aria-label="Quick grades" className="flex flex-wrap gap-2">
              {QUICK_GRADE_BUTTONS.map(({ label, points }) => (
                <Button
                  key={label}
                  variant="secondary"
                  size="sm"
                  onClick={() => set({ grade: String(points(totalPoints)) })}
                  title={`${points(totalPoints)} of ${totalPoints} points`}
                >
                  {label}
                </Button>
              ))}
            </div>

            <Field id={`${id}-feedback`} label="Feedback (optional)">
              <Textarea
                id={`${id}-feedback`}
                rows={6}
                value={values.feedback}
                onChange={(event) => set({ feedback: event.target.value })}
                placeholder="What the student did well and what to improve"
              />
            </Field>

            <div className="flex items-start gap-3">
              <input
                id={`${id}-show-detailed`}
                type="checkbox"
                checked={values.showDetailedFeedback}
                onChange={(event) => set({ showDetailedFeedback: event.target.checked })}
                aria-describedby={`${id}-show-detailed-hint`}
                className="mt-0.5 size-4 shrink-0 rounded border-gray-300 accent-indigo-600"
              />
              <div>
                <label
                  htmlFor={`${id}-show-detailed`}
                  className="text-sm font-medium text-gray-700"
                >
                  Show detailed feedback to student
                </label>
                <p id={`${id}-show-detailed-hint`} className="mt-0.5 text-xs text-gray-500">
                  {values.analysis
                    ? "The student sees Mylo's analysis with the grade; otherwise only your feedback."
                    : 'Takes effect once a Mylo analysis is attached; until then the student sees your feedback.'}
                </p>
              </div>
            </div>
          </fieldset>

          <div className="flex flex-wrap items-center justify-end gap-3 border-t border-gray-100 pt-4">
            {status && (
              <p className="mr-auto text-sm text-gray-500" aria-live="polite">
                {status}
              </p>
            )}
            <Button
              type="submit"
              data-submit-grade
              disabled={!canSubmit}
              aria-describedby={error ? fieldErrorId(gradeId) : undefined}
            >
              <Send aria-hidden="true" className="size-4" />
              {saving ? 'Submitting...' : 'Submit Grade'}
            </Button>
          </div>
        </form>
      </section>
    </Card>
  );
}

/**
 * "Submitted 2 days late: −20% late penalty suggested (18 → 14.5)" with 'Apply penalty', which
 * puts the reduced grade in the grade field; the teacher still saves it (or not). Once applied
 * it says so (and offers to undo) rather than offering to deduct again from the reduced grade.
 */
function LatePenaltyNote({
  penalty,
  grade,
  onApply,
}: {
  penalty: LatePenaltySuggestion;
  grade: number | null;
  onApply: (grade: number) => void;
}) {
  const [applied, setApplied] = useState<{ from: number; to: number } | null>(null);
  const isApplied = applied !== null && grade === applied.to;
  const reduced = grade === null ? null : penalizedGrade(grade, penalty.percent);
  const lead = `Submitted ${daysLateLabel(penalty.days)}: `;
  return (
    <div
      data-late-penalty
      className="flex flex-wrap items-center gap-3 rounded-lg border border-orange-200 bg-orange-50 px-4 py-3"
    >
      <Hourglass aria-hidden="true" className="size-4 shrink-0 text-orange-700" />
      <p className="min-w-0 flex-1 basis-48 text-sm text-orange-900" aria-live="polite">
        {lead}
        {isApplied ? (
          <>
            −{penalty.percent}% late penalty applied ({applied.from} → {applied.to}). Submit the
            grade to save it.
          </>
        ) : (
          <>
            −{penalty.percent}% late penalty suggested
            {grade !== null && reduced !== null ? ` (${grade} → ${reduced})` : ''}.
          </>
        )}
      </p>
      {isApplied ? (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            onApply(applied.from);
            setApplied(null);
          }}
        >
          Undo penalty
        </Button>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          disabled={grade === null || reduced === null || reduced === grade}
          onClick={() => {
            if (grade === null || reduced === null) return;
            setApplied({ from: grade, to: reduced });
            onApply(reduced);
          }}
        >
          Apply penalty
        </Button>
      )}
    </div>
  );
}
