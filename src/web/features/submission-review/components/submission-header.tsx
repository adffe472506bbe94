import type { ReactNode } from 'react';
import { Calendar, Clock, Mail } from 'lucide-react';
import { formatDateTime } from '@domain/dates';
import type { Submission } from '@domain/schemas/submissions';
import { Badge } from '@web/components/ui/badge';
import { GradeStatusBadge } from '@web/components/ui/grade-status-badge';

/**
 * Whose work this is, for which assignment, and when it came in (late or not: the server
 * decides, with the student's extension). `actions`: what the page adds, e.g. an extension.
 */
export function SubmissionHeader({
  submission,
  actions,
}: {
  submission: Submission;
  actions?: ReactNode;
}) {
  const { assignment, student } = submission;
  const late = submission.late;

  return (
    <header className="mb-6">
      <p className="text-sm font-medium text-indigo-600">
        {assignment.course.title} · {assignment.title}
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{student.full_name}</h1>
        <GradeStatusBadge grade={submission.grade} />
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-x-5 gap-y-1.5 text-sm text-gray-500">
        <a
          href={`mailto:${student.email}`}
          className="inline-flex min-w-0 items-center gap-1.5 hover:text-indigo-600"
        >
          <Mail aria-hidden="true" className="size-4 shrink-0" />
          <span className="break-all">{student.email}</span>
        </a>
        <span className="inline-flex items-center gap-1.5">
          <Clock aria-hidden="true" className="size-4 shrink-0" />
          Submitted{' '}
          {submission.submitted_at ? formatDateTime(submission.submitted_at) : 'Unknown date'}
          {late && <Badge tone="red">Late</Badge>}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Calendar aria-hidden="true" className="size-4 shrink-0" />
          Due {assignment.due_date ? formatDateTime(assignment.due_date) : 'No due date'}
        </span>
        {submission.extended_due_date && (
          <span className="inline-flex items-center gap-1.5">
            <Badge tone="indigo">Extended</Badge>
            to {formatDateTime(submission.extended_due_date)}
          </span>
        )}
        {actions}
      </div>
    </header>
  );
}
