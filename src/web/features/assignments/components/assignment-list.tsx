import { type MouseEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from '@web/lib/toast';
import { Calendar, Eye, FileText, Pencil, Plus, Trash2 } from 'lucide-react';
import { formatDate, formatDateTime } from '@domain/dates';
import type { Assignment } from '@domain/schemas/assignments';
import { Button, buttonStyles } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { EmptyState } from '@web/components/ui/empty-state';
import { paths } from '@web/lib/paths';
import { useDeleteAssignment } from '../api/delete-assignment';
import { AssignmentStatusBadge } from './assignment-status-badge';

const CONFIRM_DELETE =
  'Are you sure you want to delete this assignment? This action cannot be undone.';

/** A course's assignments as rows: open, edit or delete each one. */
export function AssignmentList({
  courseId,
  assignments,
}: {
  courseId: string;
  assignments: Assignment[];
}) {
  const navigate = useNavigate();
  const deletion = useDeleteAssignment(courseId);
  const [confirming, setConfirming] = useState<Assignment | null>(null);
  const listRef = useRef<HTMLDivElement>(null);

  function handleConfirmDelete() {
    if (!confirming) return;
    deletion.mutate(confirming.id, {
      onSuccess: () => {
        setConfirming(null);
        toast.success('Assignment deleted successfully');
      },
      onError: () => toast.error('Failed to delete assignment. Please try again.'),
    });
  }

  // The row and its Delete button are gone: focus goes to the first row left, or to
  // 'Create Assignment' when none is.
  const dialog = (
    <ConfirmDialog
      open={confirming !== null}
      title="Delete this assignment?"
      confirmLabel="Delete Assignment"
      busyLabel="Deleting..."
      busy={deletion.isPending}
      onConfirm={handleConfirmDelete}
      onCancel={() => setConfirming(null)}
      returnFocus={() => listRef.current?.querySelector('a')}
    >
      {confirming && (
        <p className="mb-2 font-medium break-words text-gray-900">{confirming.title}</p>
      )}
      <p>{CONFIRM_DELETE}</p>
    </ConfirmDialog>
  );

  // The whole row opens the assignment for pointer users; keyboard and screen-reader users have
  // the title link and 'View'. Clicks on the row's own links and buttons keep their meaning.
  function handleRowClick(event: MouseEvent<HTMLLIElement>, assignmentId: string) {
    if ((event.target as HTMLElement).closest('a, button')) return;
    navigate(paths.teacher.assignment(courseId, assignmentId));
  }

  // One frame for both cases, so the dialog stays the same element when the list empties.
  return (
    <div ref={listRef}>
      {dialog}
      {assignments.length === 0 ? (
        <EmptyState
          icon={FileText}
          title="No assignments yet"
          description="Create your first assignment to get started."
          action={
            <Link to={paths.teacher.newAssignment(courseId)} className={buttonStyles()}>
              <Plus aria-hidden="true" className="size-4" />
              Create Assignment
            </Link>
          }
        />
      ) : (
        <ul className="divide-y divide-gray-100 overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
          {assignments.map((assignment) => {
            const deleting = deletion.isPending && deletion.variables === assignment.id;
            return (
              <li
                key={assignment.id}
                onClick={(event) => handleRowClick(event, assignment.id)}
                className="flex cursor-pointer flex-wrap items-center gap-x-6 gap-y-3 px-5 py-4 transition-colors hover:bg-gray-50"
              >
                <div className="min-w-0 flex-1 basis-64">
                  <div className="flex flex-wrap items-center gap-2">
                    <Link
                      to={paths.teacher.assignment(courseId, assignment.id)}
                      className="text-sm font-semibold break-words text-gray-900 hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
                    >
                      {assignment.title}
                    </Link>
                    <AssignmentStatusBadge status={assignment.status} />
                  </div>
                  <p className="mt-1.5 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-gray-500">
                    <span className="inline-flex items-center gap-1">
                      <Calendar aria-hidden="true" className="size-3.5" />
                      Due:{' '}
                      {assignment.due_date ? formatDateTime(assignment.due_date) : 'No due date'}
                    </span>
                    <span>{assignment.total_points} points</span>
                    <span>Created {formatDate(assignment.created_at)}</span>
                  </p>
                </div>
                <div className="flex items-center gap-1">
                  <Link
                    to={paths.teacher.assignment(courseId, assignment.id)}
                    className={buttonStyles({ variant: 'ghost', size: 'sm' })}
                    aria-label={`View ${assignment.title}`}
                  >
                    <Eye aria-hidden="true" className="size-4" />
                    View
                  </Link>
                  <Link
                    to={paths.teacher.editAssignment(courseId, assignment.id)}
                    className={buttonStyles({ variant: 'ghost', size: 'sm' })}
                    aria-label={`Edit ${assignment.title}`}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                    Edit
                  </Link>
                  <Button
                    variant="ghost"
                    size="sm"
                    className="text-red-600 hover:bg-red-50 hover:text-red-700"
                    onClick={() => setConfirming(assignment)}
                    disabled={deleting}
                    aria-label={`Delete ${assignment.title}`}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                    {deleting ? 'Deleting...' : 'Delete'}
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
