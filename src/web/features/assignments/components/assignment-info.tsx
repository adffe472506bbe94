import type { ReactNode } from 'react';
import { formatDateTime } from '@domain/dates';
import type { Assignment } from '@domain/schemas/assignments';
import { Markdown } from '@web/components/markdown/markdown';
import { Card } from '@web/components/ui/card';
import { AssignmentStatusBadge } from './assignment-status-badge';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-3 text-sm">
      <dt className="text-gray-500">{label}</dt>
      <dd className="text-right font-medium text-gray-900">{children}</dd>
    </div>
  );
}

/** The 'Assignment Info' tab: the description beside the assignment's facts. */
export function AssignmentInfo({ assignment }: { assignment: Assignment }) {
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="p-6 lg:col-span-2">
        <h2 className="text-base font-semibold text-gray-900">Description</h2>
        {assignment.description ? (
          <Markdown className="mt-4">{assignment.description}</Markdown>
        ) : (
          <p className="mt-4 text-sm text-gray-500 italic">No description provided.</p>
        )}
      </Card>
      <Card className="self-start p-6">
        <h2 className="text-base font-semibold text-gray-900">Details</h2>
        <dl className="mt-2 divide-y divide-gray-100">
          <Detail label="Course">{assignment.course.title}</Detail>
          <Detail label="Status">
            <AssignmentStatusBadge status={assignment.status} />
          </Detail>
          <Detail label="Due date">
            {assignment.due_date ? formatDateTime(assignment.due_date) : 'No due date'}
          </Detail>
          <Detail label="Total points">{assignment.total_points}</Detail>
          <Detail label="Grade release">
            {assignment.grade_release === 'manual'
              ? assignment.grades_released_at
                ? `Manual, released ${formatDateTime(assignment.grades_released_at)}`
                : 'Manual, not released'
              : 'Automatic'}
          </Detail>
          <Detail label="Late penalty">
            {assignment.late_penalty_percent_per_day === null
              ? 'None'
              : `${assignment.late_penalty_percent_per_day}% per day late, up to ${assignment.late_penalty_cap_percent ?? 100}% (suggested)`}
          </Detail>
          <Detail label="Created">{formatDateTime(assignment.created_at)}</Detail>
          <Detail label="Last updated">{formatDateTime(assignment.updated_at)}</Detail>
        </dl>
      </Card>
    </div>
  );
}
