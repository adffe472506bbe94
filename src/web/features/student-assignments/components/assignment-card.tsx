import { Link } from 'react-router';
import { Calendar, Star } from 'lucide-react';
import { formatDateTime } from '@domain/dates';
import type { Assignment } from '@domain/schemas/assignments';
import { Badge } from '@web/components/ui/badge';
import { paths } from '@web/lib/paths';
import { dueForMe, isExtendedForMe } from '../due-for-me';

export type AssignmentGroupKind = 'upcoming' | 'undated' | 'past';

/** A card of one of the student course page's groups, linking to the assignment. */
export function AssignmentCard({
  assignment,
  group,
}: {
  assignment: Assignment;
  group: AssignmentGroupKind;
}) {
  const due = dueForMe(assignment);
  return (
    <Link
      to={paths.student.assignment(assignment.course_id, assignment.id)}
      className="group flex flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <div className="flex items-start justify-between gap-3">
        <h4 className="text-sm font-semibold text-gray-900 group-hover:text-indigo-700">
          {assignment.title}
        </h4>
        {group === 'upcoming' && (
          <Badge tone="orange" className="shrink-0">
            Upcoming
          </Badge>
        )}
        {group === 'past' && (
          <Badge tone="gray" className="shrink-0">
            Past Due
          </Badge>
        )}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-500">
        <span className="inline-flex items-center gap-1.5">
          <Calendar aria-hidden="true" className="size-4" />
          {due ? `Due ${formatDateTime(due)}` : 'No due date'}
          {isExtendedForMe(assignment) && <Badge tone="indigo">Extended</Badge>}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Star aria-hidden="true" className="size-4" />
          {assignment.total_points} points
        </span>
      </div>
    </Link>
  );
}
