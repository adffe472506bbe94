import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from '@web/lib/toast';
import { BackLink } from '@web/components/ui/back-link';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { useAssignment } from '@web/features/assignments/api/get-assignment';
import { useUpdateAssignment } from '@web/features/assignments/api/update-assignment';
import { AssignmentForm } from '@web/features/assignments/components/assignment-form';
import {
  assignmentToFormValues,
  toUpdateInput,
} from '@web/features/assignments/lib/assignment-form';
import { paths } from '@web/lib/paths';

export function TeacherAssignmentEditPage() {
  const { courseId = '', assignmentId = '' } = useParams();
  const assignment = useAssignment(assignmentId);
  const update = useUpdateAssignment(courseId, assignmentId);
  const navigate = useNavigate();
  // An assignment of another course under this course's path is as good as missing.
  const missing =
    assignment.isError || (assignment.isSuccess && assignment.data.course_id !== courseId);

  // SPEC §8: an assignment that cannot be loaded sends the teacher back to the course.
  useEffect(() => {
    if (!missing) return;
    toast.error('Failed to load assignment data.', { id: 'assignment-load' });
    navigate(paths.teacher.course(courseId), { replace: true });
  }, [missing, courseId, navigate]);

  if (!assignment.data || missing) return <PageSpinner />;

  return (
    <div className="mx-auto max-w-4xl">
      <BackLink to={paths.teacher.course(courseId)}>Back to Course</BackLink>
      <PageHeader title="Edit Assignment" description={assignment.data.course.title} />
      <AssignmentForm
        key={assignment.data.id}
        courseId={courseId}
        initialValues={assignmentToFormValues(assignment.data)}
        validate={toUpdateInput}
        submitLabel="Save Changes"
        pendingLabel="Saving..."
        pending={update.isPending}
        serverError={update.error}
        onSubmit={(input) =>
          update.mutate(input, {
            onSuccess: () => {
              toast.success('Assignment updated successfully!');
              navigate(paths.teacher.assignment(courseId, assignmentId));
            },
            onError: () => toast.error('Failed to update assignment. Please try again.'),
          })
        }
      />
    </div>
  );
}
