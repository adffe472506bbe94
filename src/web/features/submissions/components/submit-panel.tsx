import type { ReactNode } from 'react';
import type { Submission } from '@domain/schemas/submissions';
import { Card } from '@web/components/ui/card';
import { SubmissionFeedback } from './submission-feedback';
import { SubmissionSummary } from './submission-summary';
import { SubmissionUploader } from './submission-uploader';

/** The 'Submit Assignment' tab: the current submission, its grade and feedback, the uploader. */
export function SubmitPanel({
  assignmentId,
  totalPoints,
  submission,
  afterFeedback,
}: {
  assignmentId: string;
  totalPoints: number;
  submission: Submission | null;
  /** Shown under the grade and feedback (the page's regrade request, from its own feature). */
  afterFeedback?: ReactNode;
}) {
  return (
    <div className="space-y-6">
      {submission && (
        <>
          <SubmissionSummary submission={submission} totalPoints={totalPoints} />
          <SubmissionFeedback submission={submission} totalPoints={totalPoints} />
          {afterFeedback}
        </>
      )}

      <Card className="p-6">
        <h3 className="text-base font-semibold text-gray-900">
          {submission ? 'Replace Your Submission' : 'Submit Your Work'}
        </h3>
        <p className="mt-1 mb-5 text-sm text-gray-500">
          {submission
            ? 'Upload a new PDF to replace the file you submitted.'
            : 'Upload your assignment as a PDF file. Make sure your submission is complete before you submit it.'}
        </p>
        <SubmissionUploader assignmentId={assignmentId} hasSubmission={submission !== null} />
      </Card>
    </div>
  );
}
