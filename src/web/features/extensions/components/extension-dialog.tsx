import { useId, useState, type FormEvent } from 'react';
import { CalendarClock } from 'lucide-react';
import { toast } from 'sonner';
import { formatDateTime } from '@domain/dates';
import { Button } from '@web/components/ui/button';
import { describedBy, Field, Input } from '@web/components/ui/input';
import { Modal } from '@web/components/ui/modal';
import { ApiError } from '@web/lib/api-error';
import { fromDateTimeLocalValue, toDateTimeLocalValue } from '@web/lib/datetime-local';
import { useSetExtension } from '../api/extensions';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Grant, change or remove one student's extended due date (docs/decisions/029). The dialog is
 * mounted while open, so each opening starts from the student's current date.
 */
export function ExtensionDialog({
  assignment,
  student,
  current,
  onClose,
}: {
  assignment: { id: string; due_date: string | null };
  student: { id: string; full_name: string };
  /** The student's extended due date, if they have one. */
  current: string | null;
  onClose: () => void;
}) {
  const id = useId();
  const formId = `${id}-form`;
  const fieldId = `${id}-due`;
  const setExtension = useSetExtension(assignment.id);
  // A day past the class's due date, or a day from now if that has gone by too.
  const suggested = assignment.due_date
    ? new Date(Math.max(new Date(assignment.due_date).getTime(), Date.now()) + DAY_MS)
    : null;
  const [value, setValue] = useState(toDateTimeLocalValue(current ?? suggested));
  const [error, setError] = useState<string | undefined>();

  const save = (dueDate: string | null) =>
    setExtension.mutate(
      { studentId: student.id, dueDate },
      {
        onSuccess: () => {
          toast.success(
            dueDate === null
              ? `Extension removed for ${student.full_name}.`
              : `${student.full_name} can now submit until ${formatDateTime(dueDate)}.`,
          );
          onClose();
        },
        onError: (failure) =>
          setError(
            failure instanceof ApiError && failure.status < 500
              ? failure.message
              : 'Failed to save the extension. Please try again.',
          ),
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const dueDate = fromDateTimeLocalValue(value);
    if (dueDate === null || Number.isNaN(new Date(dueDate).getTime())) {
      setError('Extended due date must be a valid date and time.');
      return;
    }
    if (assignment.due_date && new Date(dueDate) <= new Date(assignment.due_date)) {
      setError(
        `The extended due date must be after the assignment's due date (${formatDateTime(assignment.due_date)}).`,
      );
      return;
    }
    setError(undefined);
    save(dueDate);
  };

  const busy = setExtension.isPending;
  return (
    <Modal
      open
      title={
        current
          ? `Change extension for ${student.full_name}`
          : `Grant an extension to ${student.full_name}`
      }
      icon={CalendarClock}
      iconClassName="bg-indigo-50 text-indigo-600"
      onCancel={() => {
        if (!busy) onClose();
      }}
      actions={
        <>
          {current && (
            <Button
              variant="ghost"
              className="mr-auto text-red-700 hover:text-red-800"
              disabled={busy}
              onClick={() => save(null)}
            >
              Remove extension
            </Button>
          )}
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {busy ? 'Saving...' : 'Save extension'}
          </Button>
        </>
      }
    >
      <p>
        {assignment.due_date
          ? `The assignment is due ${formatDateTime(assignment.due_date)}. ${student.full_name} can submit until the date you choose, and work handed in by then is not late.`
          : 'This assignment has no due date.'}
      </p>
      <form id={formId} noValidate onSubmit={submit} className="mt-4">
        <Field id={fieldId} label="Extended due date" required error={error}>
          <Input
            id={fieldId}
            type="datetime-local"
            value={value}
            onChange={(event) => setValue(event.target.value)}
            invalid={Boolean(error)}
            aria-describedby={describedBy(fieldId, { error })}
            autoFocus
            required
          />
        </Field>
      </form>
    </Modal>
  );
}
