import { FileText, Inbox } from 'lucide-react';
import { formatDateTime } from '@domain/dates';
import { percentageOf } from '@domain/grading';
import type { StudentDashboard } from '@domain/schemas/dashboard';
import { Badge } from '@web/components/ui/badge';
import { EmptyState } from '@web/components/ui/empty-state';

type RecentSubmission = StudentDashboard['recent_submissions'][number];

/**
 * At most three submissions, newest first. Not links: an assignment that has since closed is
 * no longer open to students, and its page would only say so.
 */
export function RecentSubmissionList({ items }: { items: RecentSubmission[] }) {
  if (items.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        title="No submissions yet"
        description="Work you hand in will appear here."
        className="border-none py-8"
      />
    );
  }
  return (
    <ul className="divide-y divide-gray-100">
      {items.map((submission) => (
        <li key={submission.id} className="flex items-start justify-between gap-4 px-5 py-4">
          <div className="flex min-w-0 gap-3">
            <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-gray-100">
              <FileText aria-hidden="true" className="size-4 text-gray-500" />
            </span>
            <div className="min-w-0">
              <p className="text-sm font-medium break-words text-gray-900">
                {submission.assignment_title}
              </p>
              <p className="mt-0.5 text-xs break-words text-gray-500">{submission.course_title}</p>
              <p className="mt-1 text-xs text-gray-500">
                {submission.submitted_at
                  ? `Submitted ${formatDateTime(submission.submitted_at)}`
                  : 'Not submitted'}
              </p>
            </div>
          </div>
          <div className="shrink-0 text-right">
            {submission.grade !== null ? (
              <>
                <Badge tone="green">Graded</Badge>
                <p className="mt-1.5 text-sm font-semibold text-gray-900 tabular-nums">
                  {submission.grade} / {submission.total_points}
                </p>
                <p className="text-xs text-gray-500 tabular-nums">
                  {percentageOf(submission.grade, submission.total_points)}%
                </p>
              </>
            ) : (
              <Badge tone="yellow">Pending</Badge>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
