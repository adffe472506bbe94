import { useId } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Calendar, CircleCheck, Clock, FileText, Star } from 'lucide-react';
import { dueStatus, dueStatusLabel, formatDateTime } from '@domain/dates';
import type { Assignment } from '@domain/schemas/assignments';
import { Card } from '@web/components/ui/card';
import { dueForMe, isExtendedForMe } from '../due-for-me';
import { cn } from '@web/lib/cn';

function Tile({
  icon: Icon,
  label,
  value,
  note,
  tone,
}: {
  icon: LucideIcon;
  label: string;
  value: string;
  note?: string;
  tone: string;
}) {
  const labelId = useId();
  return (
    <Card role="group" aria-labelledby={labelId} className="flex items-center gap-4 p-4">
      <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-lg', tone)}>
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0">
        <p id={labelId} className="text-xs font-medium tracking-wide text-gray-500 uppercase">
          {label}
        </p>
        <p className="mt-0.5 text-sm font-semibold break-words text-gray-900">{value}</p>
        {note && <p className="mt-0.5 text-xs text-gray-600">{note}</p>}
      </div>
    </Card>
  );
}

/** SPEC §2 assignment page: Due Date, Status, Points and Submission, as four tiles. */
export function AssignmentTiles({
  assignment,
  submitted,
  now = Date.now(),
}: {
  assignment: Assignment;
  submitted: boolean;
  now?: number;
}) {
  // The student's own due date: an extension moves 'N days left' too (029).
  const due = dueForMe(assignment);
  const status = due ? dueStatus(due, now) : null;
  const statusTone =
    status?.kind === 'overdue'
      ? 'bg-red-50 text-red-600'
      : status?.kind === 'due-today'
        ? 'bg-orange-50 text-orange-600'
        : 'bg-green-50 text-green-600';

  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Tile
        icon={Calendar}
        label="Due Date"
        value={due ? formatDateTime(due) : 'No due date set'}
        note={
          isExtendedForMe(assignment) && assignment.due_date
            ? `Extended for you (class due ${formatDateTime(assignment.due_date)})`
            : undefined
        }
        tone="bg-blue-50 text-blue-600"
      />
      <Tile
        icon={Clock}
        label="Status"
        value={status ? dueStatusLabel(status) : 'No due date'}
        tone={status ? statusTone : 'bg-gray-100 text-gray-500'}
      />
      <Tile
        icon={Star}
        label="Points"
        value={String(assignment.total_points)}
        tone="bg-indigo-50 text-indigo-600"
      />
      <Tile
        icon={submitted ? CircleCheck : FileText}
        label="Submission"
        value={submitted ? 'Submitted' : 'Not submitted'}
        tone={submitted ? 'bg-green-50 text-green-600' : 'bg-gray-100 text-gray-500'}
      />
    </div>
  );
}
