import { useId } from 'react';
import { Link } from 'react-router';
import { Bot, CircleX, ListChecks } from 'lucide-react';
import { toast } from '@web/lib/toast';
import type { AutoGrading } from '@domain/schemas/grading';
import { Button, buttonStyles } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ProgressBar } from '@web/components/ui/progress-bar';
import { useCancelAutoGrading } from '../api/cancel-auto-grading';
import { useStartAutoGrading } from '../api/start-auto-grading';

/** "about 2 min left", "about 40 s left". */
function etaText(seconds: number | null): string | null {
  if (seconds === null || seconds <= 0) return null;
  return seconds >= 90 ? `about ${Math.round(seconds / 60)} min left` : `about ${seconds} s left`;
}

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count} ${count === 1 ? one : many}`;

/**
 * 'Grade all with Mylo' on the Submissions tab (DESIGN §11): starts a background job per
 * submission that needs a suggestion, shows live progress (the data polls while Mylo works),
 * lets the teacher cancel, and opens the first submission still to grade.
 */
export function AutoGradingPanel({
  assignmentId,
  progress,
  studentNames,
  reviewLink,
}: {
  assignmentId: string;
  progress: AutoGrading | undefined;
  /** Submission id -> student name, for failures. */
  studentNames: Map<string, string>;
  /** The review screen of the first submission still to grade, if any. */
  reviewLink: string | null;
}) {
  const id = useId();
  const start = useStartAutoGrading(assignmentId);
  const cancel = useCancelAutoGrading(assignmentId);
  const counts = progress?.counts;
  const total = counts
    ? counts.queued + counts.running + counts.done + counts.failed + counts.cancelled
    : 0;
  const finished = counts ? counts.done + counts.failed + counts.cancelled : 0;
  const failures =
    progress?.submissions.filter((row) => row.job?.state === 'failed' && row.job.error) ?? [];
  const active = progress?.active ?? false;
  const waiting = progress?.waiting ?? 0;

  function handleStart() {
    start.mutate(undefined, {
      onSuccess: (result) =>
        toast.info(
          result.changed
            ? `Mylo is grading ${plural(result.changed, 'submission')}. Nothing is saved until you submit each grade.`
            : 'Every submission already has a suggestion or is being graded.',
        ),
      onError: () => toast.error('Failed to start auto-grading. Please try again.'),
    });
  }

  function handleCancel() {
    cancel.mutate(undefined, {
      onSuccess: (result) =>
        toast.info(`Stopped Mylo's grading of ${plural(result.changed ?? 0, 'submission')}.`),
      onError: () => toast.error('Failed to stop auto-grading. Please try again.'),
    });
  }

  return (
    <Card className="mb-4 p-5">
      <section aria-labelledby={`${id}-heading`} className="space-y-4">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0 flex-1 basis-64">
            <h2 id={`${id}-heading`} className="text-base font-semibold text-gray-900">
              Grade the class with Mylo
            </h2>
            <p className="mt-1 text-sm text-gray-600">
              {waiting > 0
                ? `${plural(waiting, 'submission')} to grade ${waiting === 1 ? 'has' : 'have'} no suggestion yet.`
                : 'Every submission to grade has a suggestion or is being graded.'}{' '}
              Mylo only suggests: nothing is saved until you review and submit each grade.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            {reviewLink && (
              <Link to={reviewLink} className={buttonStyles({ variant: 'secondary' })}>
                <ListChecks aria-hidden="true" className="size-4" />
                Start reviewing
              </Link>
            )}
            {active ? (
              <Button variant="secondary" onClick={handleCancel} disabled={cancel.isPending}>
                <CircleX aria-hidden="true" className="size-4" />
                {cancel.isPending ? 'Stopping...' : 'Stop Mylo'}
              </Button>
            ) : (
              <Button onClick={handleStart} disabled={start.isPending || waiting === 0}>
                <Bot aria-hidden="true" className="size-4" />
                {start.isPending ? 'Starting...' : 'Grade all with Mylo'}
              </Button>
            )}
          </div>
        </div>

        {counts && total > 0 && (
          <div className="space-y-2">
            <ProgressBar
              value={(finished / total) * 100}
              label="Mylo's grading progress"
              className="h-2"
            />
            <p className="text-sm text-gray-700" aria-live="polite">
              {`${finished} of ${total} done`}
              {counts.running > 0 && ` · ${counts.running} grading now`}
              {counts.queued > 0 && ` · ${counts.queued} waiting`}
              {counts.failed > 0 && ` · ${counts.failed} failed`}
              {counts.cancelled > 0 && ` · ${counts.cancelled} stopped`}
              {active &&
                etaText(progress?.eta_seconds ?? null) &&
                ` · ${etaText(progress?.eta_seconds ?? null)}`}
            </p>
            {failures.length > 0 && (
              <ul className="space-y-1 text-sm text-red-700">
                {failures.map((row) => (
                  <li key={row.submission_id}>
                    {studentNames.get(row.submission_id) ?? 'A submission'}: {row.job?.error}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </section>
    </Card>
  );
}
