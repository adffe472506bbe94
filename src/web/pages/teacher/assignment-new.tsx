import { useNavigate, useParams } from 'react-router';
import { toast } from '@web/lib/toast';
import { CourseMissingPanel } from '@web/components/ui/missing-panel';
import { BackLink } from '@web/components/ui/back-link';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { useCreateAssignment } from '@web/features/assignments/api/create-assignment';
import { AssignmentForm } from '@web/features/assignments/components/assignment-form';
import { emptyAssignmentForm, toCreateInput } from '@web/features/assignments/lib/assignment-form';
import { useCourse } from '@web/features/courses/api/get-course';
import { isNotFound } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { useRedirectWithToast } from '@web/lib/use-redirect-with-toast';

export function TeacherAssignmentNewPage() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  const creation = useCreateAssignment(courseId);
  const navigate = useNavigate();
  // SPEC §8: a course that cannot be loaded (an unknown id included) returns to the list.
  useRedirectWithToast(
    course.isError ? { message: 'Failed to load course data.', to: paths.teacher.courses() } : null,
  );

  if (course.isPending) return <PageSpinner />;
  if (course.isError) {
    // Shown for the moment before the redirect.
    const notFound = isNotFound(course.error);
    return <CourseMissingPanel notFound={notFound} failedTitle="Failed to load course data." />;
  }

  return (
    <div className="mx-auto max-w-4xl">
      <BackLink to={paths.teacher.course(courseId)}>Back to Course</BackLink>
      <PageHeader title="Create New Assignment" description={course.data.title} />
      <AssignmentForm
        courseId={courseId}
        initialValues={emptyAssignmentForm}
        validate={toCreateInput}
        submitLabel="Create Assignment"
        pendingLabel="Creating..."
        pending={creation.isPending}
        serverError={creation.error}
        onSubmit={(input) =>
          creation.mutate(input, {
            onSuccess: () => {
              toast.success('Assignment created successfully!');
              navigate(paths.teacher.course(courseId));
            },
            onError: () => toast.error('Failed to create assignment. Please try again.'),
          })
        }
      />
    </div>
  );
}
