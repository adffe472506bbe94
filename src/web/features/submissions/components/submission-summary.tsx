import { Award, CircleCheck, Clock } from 'lucide-react';
import { formatDateTime } from '@domain/dates';
import { percentageOf } from '@domain/grading';
import type { Submission } from '@domain/schemas/submissions';
import { formatMegabytes } from '../file-size';

/** SPEC §2 submit tab, once submitted: what was handed in, and its grade or 'Awaiting Grade'. */
export function SubmissionSummary({
  submission,
  totalPoints,
}: {
  submission: Submission;
  totalPoints: number;
}) {
  const graded = submission.grade !== null;

  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section
        aria-labelledby="submission-heading"
        className="rounded-xl border border-green-200 bg-green-50/60 p-5"
      >
        <div className="flex items-center gap-2">
          <CircleCheck aria-hidden="true" className="size-5 text-green-600" />
          <h3 id="submission-heading" className="text-sm font-semibold text-green-900">
            Assignment Submitted
          </h3>
        </div>
        <dl className="mt-3 space-y-1.5 text-sm">
          {submission.submitted_at && (
            <div className="flex gap-2">
              <dt className="text-green-800">Submitted:</dt>
              <dd className="font-medium text-green-900">
                {formatDateTime(submission.submitted_at)}
              </dd>
            </div>
          )}
          {submission.original_filename && (
            <div className="flex min-w-0 gap-2">
              <dt className="text-green-800">File:</dt>
              <dd className="min-w-0 font-medium break-all text-green-900">
                {submission.original_filename}
              </dd>
            </div>
          )}
          {submission.file_size !== null && (
            <div className="flex gap-2">
              <dt className="text-green-800">Size:</dt>
              <dd className="font-medium text-green-900">
                {formatMegabytes(submission.file_size)}
              </dd>
            </div>
          )}
        </dl>
        <p className="mt-3 text-xs text-green-800">
          Uploading a new file will replace your current submission.
        </p>
      </section>

      {graded ? (
        <section
          aria-labelledby="grade-heading"
          className="rounded-xl border border-indigo-200 bg-indigo-50/60 p-5"
        >
          <div className="flex items-center gap-2">
            <Award aria-hidden="true" className="size-5 text-indigo-600" />
            <h3 id="grade-heading" className="text-sm font-semibold text-indigo-900">
              Grade Received
            </h3>
          </div>
          <p className="mt-3 flex items-baseline gap-3">
            <span className="text-3xl font-bold tracking-tight text-indigo-900 tabular-nums">
              {submission.grade} / {totalPoints}
            </span>
            <span className="text-lg font-semibold text-indigo-700 tabular-nums">
              {percentageOf(submission.grade ?? 0, totalPoints)}%
            </span>
          </p>
          {submission.graded_at && (
            <p className="mt-2 text-sm text-indigo-800/80">
              Graded on {formatDateTime(submission.graded_at)}
            </p>
          )}
        </section>
      ) : (
        <section
          aria-labelledby="awaiting-heading"
          className="rounded-xl border border-yellow-200 bg-yellow-50/70 p-5"
        >
          <div className="flex items-center gap-2">
            <Clock aria-hidden="true" className="size-5 text-yellow-600" />
            <h3 id="awaiting-heading" className="text-sm font-semibold text-yellow-900">
              Awaiting Grade
            </h3>
          </div>
          <p className="mt-3 text-sm text-yellow-800/90">
            Your instructor will review your submission. The grade and feedback will appear here.
          </p>
        </section>
      )}
    </div>
  );
}
