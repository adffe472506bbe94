import { Link } from 'react-router';
import { FileText, Inbox } from 'lucide-react';
import { formatDate } from '@domain/dates';
import type { TeacherDashboard } from '@domain/schemas/dashboard';
import { EmptyState } from '@web/components/ui/empty-state';
import { GradeStatusBadge } from '@web/components/ui/grade-status-badge';
import { paths } from '@web/lib/paths';
import { DashboardSection } from './dashboard-section';

export function RecentSubmissions({
  submissions,
}: {
  submissions: TeacherDashboard['recent_submissions'];
}) {
  return (
    <DashboardSection title="Recent Submissions">
      {submissions.length === 0 ? (
        <EmptyState
          icon={Inbox}
          title="No submissions yet"
          description="Student submissions will appear here."
          className="m-5 border-none"
        />
      ) : (
        <ul className="divide-y divide-gray-100">
          {submissions.slice(0, 3).map((submission) => (
            <li key={submission.id}>
              <Link
                to={paths.teacher.submission(
                  submission.course_id,
                  submission.assignment_id,
                  submission.id,
                )}
                className="group flex items-center gap-4 px-5 py-4 transition-colors hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-gray-100 text-gray-500">
                  <FileText aria-hidden="true" className="size-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold break-words text-gray-900 group-hover:text-indigo-700">
                    {submission.original_filename || 'Unnamed file'}
                  </span>
                  <span className="mt-0.5 block text-xs break-words text-gray-500">
                    {submission.assignment_title}
                  </span>
                  <span className="mt-0.5 block text-xs break-words text-gray-500">
                    Submitted{' '}
                    {submission.submitted_at ? formatDate(submission.submitted_at) : 'Unknown date'}{' '}
                    by {submission.student_full_name || 'Unknown Student'}
                  </span>
                </span>
                <GradeStatusBadge grade={submission.grade} />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
