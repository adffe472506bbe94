import { MessageSquareText } from 'lucide-react';
import type { Submission } from '@domain/schemas/submissions';
import { Markdown } from '@web/components/markdown/markdown';
import { Card } from '@web/components/ui/card';
import { DetailedFeedback } from './detailed-feedback';

/**
 * SPEC §2: the detailed analysis when the teacher chose to show it, otherwise the plain
 * feedback under 'Instructor Feedback:', otherwise nothing.
 */
export function SubmissionFeedback({
  submission,
  totalPoints,
}: {
  submission: Submission;
  totalPoints: number;
}) {
  const detailed = submission.detailed_feedback_json;
  if (submission.show_detailed_feedback && detailed) {
    return (
      <DetailedFeedback result={detailed} grade={submission.grade} totalPoints={totalPoints} />
    );
  }

  const feedback = submission.feedback?.trim();
  if (!feedback) return null;
  return (
    <Card className="p-5">
      <h3 className="flex items-center gap-2 text-sm font-semibold text-gray-900">
        <MessageSquareText aria-hidden="true" className="size-4 text-indigo-600" />
        Instructor Feedback:
      </h3>
      <Markdown className="mt-2">{feedback}</Markdown>
    </Card>
  );
}
