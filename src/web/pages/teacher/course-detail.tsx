import { Link, useParams } from 'react-router';
import { Plus } from 'lucide-react';
import { Button, buttonStyles } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { MissingPanel } from '@web/components/ui/missing-panel';
import { BackLink } from '@web/components/ui/back-link';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { useCourseAssignments } from '@web/features/assignments/api/get-course-assignments';
import { AssignmentList } from '@web/features/assignments/components/assignment-list';
import { useCourse } from '@web/features/courses/api/get-course';
import { CourseOverview } from '@web/features/courses/components/course-overview';
import { ApiError } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { useErrorToast } from '@web/lib/use-error-toast';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export function TeacherCourseDetailPage() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  const assignments = useCourseAssignments(courseId);
  const loadFailed =
    (course.isError && !isNotFound(course.error)) ||
    (course.isSuccess && assignments.isError && !isNotFound(assignments.error));
  useErrorToast(loadFailed, 'Failed to load course data.');

  if (course.isPending) return <PageSpinner />;
  if (course.isError) {
    return isNotFound(course.error) ? (
      <MissingPanel
        kind="not-found"
        title="Course not found"
        description="The course you're looking for doesn't exist or you don't have access to it."
        backTo={paths.teacher.courses()}
        backLabel="Back to Courses"
      />
    ) : (
      <MissingPanel
        kind="failed"
        title="Failed to load course data."
        backTo={paths.teacher.courses()}
        backLabel="Back to Courses"
        onRetry={() => void course.refetch()}
      />
    );
  }

  return (
    <>
      <BackLink to={paths.teacher.courses()}>Back to Courses</BackLink>
      <CourseOverview course={course.data} />

      <section aria-labelledby="assignments-heading" className="mt-10">
        <div className="mb-4 flex flex-wrap items-center justify-between gap-4">
          <h2 id="assignments-heading" className="text-lg font-semibold text-gray-900">
            Assignments
          </h2>
          <Link to={paths.teacher.newAssignment(courseId)} className={buttonStyles()}>
            <Plus aria-hidden="true" className="size-4" />
            New Assignment
          </Link>
        </div>
        {assignments.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner />
          </div>
        ) : assignments.isError ? (
          <EmptyState
            title="Failed to load course data."
            action={
              <Button variant="secondary" onClick={() => void assignments.refetch()}>
                Try again
              </Button>
            }
          />
        ) : (
          <AssignmentList courseId={courseId} assignments={assignments.data} />
        )}
      </section>
    </>
  );
}
