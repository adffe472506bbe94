import { useLayoutEffect, useMemo, useState } from 'react';
import { Info } from 'lucide-react';
import { toast } from '@web/lib/toast';
import type { RubricRow } from '@domain/rubric-scores';
import type { Submission } from '@domain/schemas/submissions';
import { ApiError } from '@web/lib/api-error';
import { useKeyboardShortcuts } from '@web/lib/use-keyboard-shortcuts';
import { focusSoon } from '@web/lib/focus';
import { useAutoGradeSubmission } from '../api/auto-grade-submission';
import { useDismissSuggestion } from '../api/dismiss-suggestion';
import { useGradeSubmission } from '../api/grade-submission';
import { useSuggestion } from '../api/get-suggestion';
import {
  applySuggestion,
  canSubmitGrade,
  clearSuggestion,
  hasUnsavedSuggestion,
  isGradeFormChanged,
  savedGradeForm,
  setRubricPoints,
  toGradeInput,
} from '../grade-form';
import { AutoGradeAnalysis, AutoGradeProgress } from './auto-grade-analysis';
import { GradingForm } from './grading-form';
import { latePenaltySuggestion } from '@domain/late-penalty';

/** SPEC §8: the grader's reason when it gave one. */
function autoGradeReason(error: unknown): string {
  if (error instanceof ApiError && error.code !== 'UNEXPECTED_RESPONSE' && error.message.trim()) {
    return error.message;
  }
  return 'Unknown error';
}

/**
 * The "Mylo is reading" toast. Its outcome is a toast of its own, shown after this one is
 * dismissed: sonner loses an update of the same id that arrives while the first toast is closing
 * (its timer ran out while Mylo was still reading).
 */
const AUTO_GRADE_TOAST = 'auto-grade';

/**
 * The buttons that start these actions are disabled while they run, or gone after them; focus
 * moves to what the action produced (or back to the button when it failed), never to the page.
 */
const focusOn = (selector: string) =>
  focusSoon(() => document.querySelector<HTMLElement>(selector));

/**
 * The grading side of the review screen: the form and Mylo's analysis, which share one state.
 * Mylo's fresh answer prefills the form, unsaved, until the teacher submits (SPEC §4); a
 * suggestion stored earlier (a batch, a reload) waits beside the form until the teacher uses
 * it. The page is told whether there are unsaved changes, so moving on can ask first.
 */
export function SubmissionGrading({
  submission,
  rubricRows,
  onDirtyChange,
}: {
  submission: Submission;
  rubricRows: RubricRow[] | null;
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const totalPoints = submission.assignment.total_points;
  const baseline = useMemo(() => savedGradeForm(submission, rubricRows), [submission, rubricRows]);
  const [values, setValues] = useState(baseline);
  const save = useGradeSubmission(submission.id, submission.assignment_id);
  const autoGrade = useAutoGradeSubmission();
  const stored = useSuggestion(submission.id);
  const dismiss = useDismissSuggestion(submission.id, submission.assignment_id);

  const busy = save.isPending || autoGrade.isPending || dismiss.isPending;
  const changed = isGradeFormChanged(values, baseline);
  const canSubmit = canSubmitGrade({ values, baseline, totalPoints, busy });
  const unsaved = hasUnsavedSuggestion(values, baseline);
  // A stored suggestion waits beside an ungraded submission's form until it is used.
  const waiting =
    values.analysis === null && submission.grade === null ? (stored.data?.current ?? null) : null;
  const stale =
    values.analysis === null && !waiting && submission.grade === null
      ? (stored.data?.stale ?? null)
      : null;

  // In the same commit as the change, so that moving on right after it (Alt+A then Alt+P) asks.
  useLayoutEffect(() => onDirtyChange?.(changed), [changed, onDirtyChange]);

  function handleAutoGrade() {
    toast.info('Mylo is reading the submission…', { id: AUTO_GRADE_TOAST });
    autoGrade.mutate(
      {
        submission_id: submission.id,
        assignment_id: submission.assignment_id,
        course_id: submission.assignment.course_id,
      },
      {
        onSuccess: (result) => {
          setValues((current) =>
            applySuggestion(current, {
              id: result.suggestion_id ?? null,
              grade: result.grade,
              feedback: result.feedback,
              result: result.detailed_result,
            }),
          );
          toast.dismiss(AUTO_GRADE_TOAST);
          toast.success('Auto-grading completed!');
          focusOn('[data-analysis-heading]');
        },
        onError: (error) => {
          toast.dismiss(AUTO_GRADE_TOAST);
          toast.error(`Failed to auto-grade: ${autoGradeReason(error)}`);
          focusOn('[data-auto-grade]');
        },
      },
    );
  }

  function handleAccept() {
    if (!waiting) return;
    setValues((current) =>
      applySuggestion(current, {
        id: waiting.id,
        grade: waiting.grade,
        feedback: waiting.result.feedback.overall,
        result: waiting.result,
      }),
    );
    // 'Use suggestion' is gone once used: the teacher goes on in the form it filled.
    focusOn('[data-grade-input]');
  }

  /** 'Clear Auto-Grade': the stored suggestion is dismissed too, so a reload does not bring it back. */
  function handleClear() {
    const suggestionId = waiting?.id ?? (unsaved ? values.suggestionId : null);
    setValues(clearSuggestion(baseline));
    if (suggestionId) dismiss.mutate(suggestionId);
    focusOn('[data-auto-grade]');
  }

  function handleSubmit() {
    save.mutate(toGradeInput(values, rubricRows), {
      onSuccess: (saved) => {
        // The saved values are the new baseline: the form is unchanged until the next edit.
        setValues(savedGradeForm(saved, rubricRows));
        toast.success('Grade submitted successfully!');
        focusOn('[data-grade-summary]');
      },
      onError: () => {
        toast.error('Failed to submit grade. Please try again.');
        focusOn('[data-submit-grade]');
      },
    });
  }

  useKeyboardShortcuts([
    { code: 'KeyA', modifier: 'alt', enabled: Boolean(waiting) && !busy, run: handleAccept },
    { code: 'Enter', modifier: 'ctrl-or-meta', enabled: canSubmit, run: handleSubmit },
  ]);

  const analysis = values.analysis ?? waiting?.result ?? null;
  return (
    <div className="space-y-6">
      <GradingForm
        values={values}
        onChange={setValues}
        totalPoints={totalPoints}
        savedGrade={submission.grade}
        gradedAt={submission.graded_at}
        unsavedSuggestion={unsaved}
        canSubmit={canSubmit}
        changed={changed}
        saving={save.isPending}
        autoGrading={autoGrade.isPending}
        showAutoGrade={submission.file_path !== null && analysis === null}
        onAutoGrade={handleAutoGrade}
        onSubmit={handleSubmit}
        rubricRows={rubricRows}
        latePenalty={latePenaltySuggestion(
          submission.submitted_at,
          submission.effective_due_date,
          submission.assignment,
        )}
        onRubricPointsChange={(criterion, text) =>
          rubricRows &&
          setValues((current) => setRubricPoints(current, rubricRows, criterion, text))
        }
      />
      {stale && (
        <p
          role="status"
          className="flex items-start gap-2 rounded-lg border border-gray-200 bg-gray-50 px-4 py-3 text-sm text-gray-700"
        >
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-gray-500" />
          Mylo&apos;s last suggestion ({stale.grade} / {totalPoints}) was for an earlier version of
          this file, before the student resubmitted. Grade with Mylo again to read the new one.
        </p>
      )}
      {autoGrade.isPending && <AutoGradeProgress />}
      {analysis && (
        <AutoGradeAnalysis
          result={analysis}
          totalPoints={totalPoints}
          unsaved={unsaved}
          onClear={handleClear}
          clearDisabled={busy}
          {...(waiting && values.analysis === null && { onAccept: handleAccept })}
        />
      )}
    </div>
  );
}
