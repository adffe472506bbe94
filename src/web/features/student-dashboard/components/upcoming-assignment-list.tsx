import { Link } from 'react-router';
import { CalendarClock } from 'lucide-react';
import { dueStatus, dueStatusLabel, formatDateTime } from '@domain/dates';
import type { StudentDashboard } from '@domain/schemas/dashboard';
import { Badge } from '@web/components/ui/badge';
import { EmptyState } from '@web/components/ui/empty-state';
import { paths } from '@web/lib/paths';

type UpcomingAssignment = StudentDashboard['upcoming_assignments'][number];

/** At most five assignments due in the future, soonest first (the server's order). */
export function UpcomingAssignmentList({ items }: { items: UpcomingAssignment[] }) {
  if (items.length === 0) {
    return (
      <EmptyState
        icon={CalendarClock}
        title="No upcoming assignments"
        description="Nothing is due in your courses right now."
        className="border-none py-8"
      />
    );
  }
  return (
    <ul className="divide-y divide-gray-100">
      {items.map((assignment) => {
        const status = dueStatus(assignment.due_date);
        return (
          <li key={assignment.id}>
            <Link
              to={paths.student.assignment(assignment.course_id, assignment.id)}
              className="flex items-start justify-between gap-4 px-5 py-4 transition-colors hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
            >
              <div className="min-w-0">
                <p className="text-sm font-medium break-words text-gray-900">{assignment.title}</p>
                <p className="mt-0.5 text-xs break-words text-gray-500">
                  {assignment.course_title}
                </p>
                <p className="mt-1 text-xs text-gray-500">
                  Due {formatDateTime(assignment.due_date)}
                  {assignment.extended && ' (extended for you)'} · {assignment.total_points} points
                </p>
              </div>
              <div className="flex shrink-0 flex-col items-end gap-1.5">
                <Badge tone={status.kind === 'due-today' ? 'orange' : 'blue'}>
                  {dueStatusLabel(status)}
                </Badge>
                {assignment.submitted && <Badge tone="green">Submitted</Badge>}
              </div>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
