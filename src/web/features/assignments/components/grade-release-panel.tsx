import { EyeOff, Send } from 'lucide-react';
import { toast } from 'sonner';
import { formatDateTime } from '@domain/dates';
import type { Assignment } from '@domain/schemas/assignments';
import type { Submission } from '@domain/schemas/submissions';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { useSetGradesReleased } from '../api/set-grades-released';

const grades = (count: number) => `${count} ${count === 1 ? 'grade' : 'grades'}`;

/**
 * Manual grade release on the Submissions tab (DESIGN §11): how many saved grades students can
 * see, 'Release grades' for those they cannot yet, and 'Hide grades' to take them back.
 */
export function GradeReleasePanel({
  assignment,
  submissions,
}: {
  assignment: Assignment;
  submissions: Submission[];
}) {
  const release = useSetGradesReleased(assignment.course_id, assignment.id);
  if (assignment.grade_release !== 'manual') return null;

  const graded = submissions.filter((s) => s.grade !== null && s.grade !== undefined);
  const released = graded.filter((s) => s.grade_released).length;
  const hidden = graded.length - released;

  const change = (next: boolean) =>
    release.mutate(next, {
      onSuccess: () =>
        toast.success(
          next ? 'Grades released to students.' : 'Grades are hidden from students again.',
        ),
      onError: () =>
        toast.error(
          next
            ? 'Failed to release grades. Please try again.'
            : 'Failed to hide grades. Please try again.',
        ),
    });

  return (
    <Card className="mb-6 flex flex-wrap items-center justify-between gap-4 p-5">
      <div className="min-w-0 flex-1 basis-64">
        <h2 className="text-base font-semibold text-gray-900">Grade release: manual</h2>
        <p className="mt-1 text-sm text-gray-600">
          {graded.length === 0
            ? 'Students see no grade until you release them.'
            : `${grades(released)} released to students, ${grades(hidden)} hidden.`}
          {assignment.grades_released_at &&
            ` Last released ${formatDateTime(assignment.grades_released_at)}.`}
        </p>
      </div>
      <div className="flex flex-wrap gap-3">
        {assignment.grades_released_at && (
          <Button variant="secondary" disabled={release.isPending} onClick={() => change(false)}>
            <EyeOff aria-hidden="true" className="size-4" />
            Hide grades
          </Button>
        )}
        <Button disabled={release.isPending || hidden === 0} onClick={() => change(true)}>
          <Send aria-hidden="true" className="size-4" />
          Release grades
        </Button>
      </div>
    </Card>
  );
}
