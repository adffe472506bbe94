import type { ReactNode } from 'react';
import { formatDateTime } from '@domain/dates';
import type { Assignment } from '@domain/schemas/assignments';
import { Markdown } from '@web/components/markdown/markdown';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { dueForMe, isExtendedForMe } from '../due-for-me';

// SPEC §4 assignment status colours (a student only ever sees published ones).
const statusTone: Record<Assignment['status'], BadgeTone> = {
  draft: 'yellow',
  published: 'green',
  closed: 'red',
};
const statusLabel = (status: string) => status.charAt(0).toUpperCase() + status.slice(1);

/** The 'Assignment Details' tab: the description and the facts about the assignment. */
export function AssignmentDetails({
  assignment,
  instructorName,
}: {
  assignment: Assignment;
  instructorName: string | undefined;
}) {
  const description = assignment.description?.trim();
  const due = dueForMe(assignment);
  const facts: Array<[string, ReactNode]> = [
    ['Total Points', `${assignment.total_points} points`],
    [
      'Due Date',
      due
        ? `${formatDateTime(due)}${isExtendedForMe(assignment) ? ' (extended for you)' : ''}`
        : 'No due date set',
    ],
    [
      'Status',
      <Badge key="status" tone={statusTone[assignment.status] ?? 'gray'}>
        {statusLabel(assignment.status)}
      </Badge>,
    ],
    ['Course', assignment.course.title],
    ['Instructor', instructorName ?? '—'],
  ];

  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <Card className="p-6 lg:col-span-2">
        <h3 className="mb-4 text-xs font-semibold tracking-wide text-gray-500 uppercase">
          Description
        </h3>
        {description ? (
          <Markdown>{description}</Markdown>
        ) : (
          <p className="text-sm text-gray-500 italic">
            No description provided for this assignment.
          </p>
        )}
      </Card>
      <Card className="h-fit p-6">
        <h3 className="mb-4 text-xs font-semibold tracking-wide text-gray-500 uppercase">
          Assignment Information
        </h3>
        <dl className="space-y-3 text-sm">
          {facts.map(([label, value]) => (
            <div key={label} className="flex items-start justify-between gap-4">
              <dt className="text-gray-500">{label}</dt>
              <dd className="text-right font-medium text-gray-900">{value}</dd>
            </div>
          ))}
        </dl>
      </Card>
    </div>
  );
}
