import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@web/lib/toast';
import { Trash2 } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { paths } from '@web/lib/paths';
import { useDeleteCourse } from '../api/delete-course';

/** 'Delete Course', after a confirmation that says what goes with it. */
export function DeleteCourseButton({ courseId, title }: { courseId: string; title: string }) {
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteCourse(courseId);
  const navigate = useNavigate();

  function handleConfirm() {
    deletion.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        toast.success('Course deleted successfully');
        navigate(paths.teacher.courses(), { replace: true });
      },
      onError: () => toast.error('Failed to delete course. Please try again.'),
    });
  }

  return (
    <>
      <Button variant="danger" onClick={() => setConfirming(true)}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete Course
      </Button>
      <ConfirmDialog
        open={confirming}
        title="Delete this course?"
        confirmLabel="Delete Course"
        busyLabel="Deleting..."
        busy={deletion.isPending}
        onConfirm={handleConfirm}
        onCancel={() => setConfirming(false)}
      >
        <p>
          <strong className="font-medium text-gray-900">{title}</strong> will be deleted together
          with all of its assignments, student submissions, enrolments and uploaded files.
        </p>
        <p className="mt-2">This action cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
