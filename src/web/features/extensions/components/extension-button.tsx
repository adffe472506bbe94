import { useState } from 'react';
import { CalendarClock } from 'lucide-react';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { ExtensionDialog } from './extension-dialog';

/** 'Grant extension' or 'Change extension' for one student, with its dialog. */
export function ExtensionButton({
  assignment,
  student,
  current,
  size = 'sm',
}: {
  assignment: { id: string; due_date: string | null };
  student: { id: string; full_name: string };
  current: string | null;
  size?: ButtonProps['size'];
}) {
  const [open, setOpen] = useState(false);
  if (!assignment.due_date) return null;
  return (
    <>
      <Button
        variant="secondary"
        size={size}
        onClick={() => setOpen(true)}
        aria-label={`${current ? 'Change extension' : 'Grant extension'} for ${student.full_name}`}
      >
        <CalendarClock aria-hidden="true" className="size-4" />
        {current ? 'Change extension' : 'Grant extension'}
      </Button>
      {open && (
        <ExtensionDialog
          assignment={assignment}
          student={student}
          current={current}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
