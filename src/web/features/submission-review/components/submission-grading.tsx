import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import type { Submission } from '@domain/schemas/submissions';
import { ApiError } from '@web/lib/api-error';
import { useAutoGradeSubmission } from '../api/auto-grade-submission';
import { useGradeSubmission } from '../api/grade-submission';
import {
  applySuggestion,
  canSubmitGrade,
  clearSuggestion,
  hasUnsavedSuggestion,
  isGradeFormChanged,
  savedGradeForm,
  toGradeInput,
} from '../grade-form';
import { AutoGradeAnalysis, AutoGradeProgress } from './auto-grade-analysis';
import { GradingForm } from './grading-form';

/** SPEC §8: the grader's reason when it gave one. */
function autoGradeReason(error: unknown): string {
  if (error instanceof ApiError && error.code !== 'UNEXPECTED_RESPONSE' && error.message.trim()) {
    return error.message;
  }
  return 'Unknown error';
}

const AUTO_GRADE_TOAST = 'auto-grade';

/**
 * The grading side of the review screen: the form and Mylo's analysis, which share one state.
 * Mylo's answer is held here, unsaved, until the teacher submits (SPEC §4).
 */
export function SubmissionGrading({ submission }: { submission: Submission }) {
  const totalPoints = submission.assignment.total_points;
  const baseline = useMemo(() => savedGradeForm(submission), [submission]);
  const [values, setValues] = useState(baseline);
  const save = useGradeSubmission(submission.id, submission.assignment_id);
  const autoGrade = useAutoGradeSubmission();

  const busy = save.isPending || autoGrade.isPending;
  const changed = isGradeFormChanged(values, baseline);
  const canSubmit = canSubmitGrade({ values, baseline, totalPoints, busy });
  const unsaved = hasUnsavedSuggestion(values, baseline);

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
          setValues((current) => applySuggestion(current, result));
          toast.success('Auto-grading completed!', { id: AUTO_GRADE_TOAST });
        },
        onError: (error) =>
          toast.error(`Failed to auto-grade: ${autoGradeReason(error)}`, { id: AUTO_GRADE_TOAST }),
      },
    );
  }

  function handleSubmit() {
    save.mutate(toGradeInput(values), {
      onSuccess: (saved) => {
        // The saved values are the new baseline: the form is unchanged until the next edit.
        setValues(savedGradeForm(saved));
        toast.success('Grade submitted successfully!');
      },
      onError: () => toast.error('Failed to submit grade. Please try again.'),
    });
  }

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
        showAutoGrade={submission.file_path !== null && values.analysis === null}
        onAutoGrade={handleAutoGrade}
        onSubmit={handleSubmit}
      />
      {autoGrade.isPending && <AutoGradeProgress />}
      {values.analysis && (
        <AutoGradeAnalysis
          result={values.analysis}
          totalPoints={totalPoints}
          unsaved={unsaved}
          onClear={() => setValues(clearSuggestion(baseline))}
          clearDisabled={busy}
        />
      )}
    </div>
  );
}
