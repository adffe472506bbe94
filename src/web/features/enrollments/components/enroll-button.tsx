import { toast } from '@web/lib/toast';
import { Plus } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { useEnrollInCourse } from '../api/enroll-in-course';

/** 'Enroll', then 'Enrolling...' (disabled) until the course lists have reloaded. */
export function EnrollButton({
  courseId,
  courseTitle,
  onEnrolled,
}: {
  courseId: string;
  courseTitle: string;
  /** After the lists have reloaded; this button is gone by then (its card has moved). */
  onEnrolled?: () => void;
}) {
  const enroll = useEnrollInCourse();

  async function handleEnroll() {
    // mutateAsync, not mutate's callbacks: on success this card moves to 'Enrolled Courses' and
    // unmounts, and callbacks given to mutate() would then never run.
    try {
      await enroll.mutateAsync(courseId);
      toast.success('Successfully enrolled in course!');
      onEnrolled?.();
    } catch {
      toast.error('Failed to enroll in course. Please try again.');
    }
  }

  return (
    <Button
      size="sm"
      onClick={handleEnroll}
      disabled={enroll.isPending}
      aria-label={enroll.isPending ? undefined : `Enroll in ${courseTitle}`}
    >
      {!enroll.isPending && <Plus aria-hidden="true" className="size-4" />}
      {enroll.isPending ? 'Enrolling...' : 'Enroll'}
    </Button>
  );
}
