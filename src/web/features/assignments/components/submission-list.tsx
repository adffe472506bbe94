import { Link } from 'react-router';
import { ChevronRight, Inbox } from 'lucide-react';
import { formatDateTime } from '@domain/dates';
import type { Assignment } from '@domain/schemas/assignments';
import type { Submission } from '@domain/schemas/submissions';
import { Badge } from '@web/components/ui/badge';
import { EmptyState } from '@web/components/ui/empty-state';
import { GradeStatusBadge } from '@web/components/ui/grade-status-badge';
import { paths } from '@web/lib/paths';

/** The 'Submissions' tab: one row per student, each opening the review screen. */
export function SubmissionList({
  assignment,
  submissions,
  suggestedGrades,
}: {
  assignment: Assignment;
  submissions: Submission[];
  /** Mylo's current suggestion per submission id, shown on rows not graded yet. */
  suggestedGrades?: Map<string, number>;
}) {
  if (submissions.length === 0) {
    return (
      <EmptyState
        icon={Inbox}
        title="No submissions yet"
        description="Submissions appear here as students hand in their work."
      />
    );
  }

  return (
    <ul className="divide-y divide-gray-100 overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
      {submissions.map((submission) => {
        const graded = submission.grade !== null && submission.grade !== undefined;
        const suggested = graded ? undefined : suggestedGrades?.get(submission.id);
        return (
          <li key={submission.id}>
            <Link
              to={paths.teacher.submission(assignment.course_id, assignment.id, submission.id)}
              className="group flex flex-wrap items-center gap-x-6 gap-y-2 px-5 py-4 transition-colors hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
            >
              <div className="min-w-0 flex-1 basis-48">
                <p className="text-sm font-semibold break-words text-gray-900 group-hover:text-indigo-700">
                  {submission.student.full_name}
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-500">
                  <span>
                    Submitted{' '}
                    {submission.submitted_at
                      ? formatDateTime(submission.submitted_at)
                      : 'Unknown date'}
                  </span>
                  {submission.late && <Badge tone="red">Late</Badge>}
                  {submission.extended_due_date && (
                    <span>Extended to {formatDateTime(submission.extended_due_date)}</span>
                  )}
                </p>
              </div>
              <div className="flex items-center gap-4">
                {suggested !== undefined && (
                  <span className="text-sm text-indigo-800 tabular-nums">
                    Mylo suggests {suggested}/{assignment.total_points}
                  </span>
                )}
                {graded && (
                  <span className="text-sm font-medium text-gray-900 tabular-nums">
                    {submission.grade}/{assignment.total_points}
                  </span>
                )}
                <GradeStatusBadge grade={submission.grade} />
                {graded && assignment.grade_release === 'manual' && (
                  <Badge tone={submission.grade_released ? 'blue' : 'gray'}>
                    {submission.grade_released ? 'Released' : 'Hidden from student'}
                  </Badge>
                )}
                <ChevronRight
                  aria-hidden="true"
                  className="size-4 text-gray-400 group-hover:text-indigo-600"
                />
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
