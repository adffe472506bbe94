import { Link, useParams } from 'react-router';
import { Plus, Table } from 'lucide-react';
import { Button, buttonStyles } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { CourseMissingPanel } from '@web/components/ui/missing-panel';
import { BackLink } from '@web/components/ui/back-link';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { useCourseAssignments } from '@web/features/course-assignments/api/get-course-assignments';
import { AssignmentList } from '@web/features/assignments/components/assignment-list';
import { useCourse } from '@web/features/courses/api/get-course';
import { CourseOverview } from '@web/features/courses/components/course-overview';
import { isNotFound } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { useErrorToast } from '@web/lib/use-error-toast';
import { useRedirectWithToast } from '@web/lib/use-redirect-with-toast';

export function TeacherCourseDetailPage() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);
  const assignments = useCourseAssignments(courseId, 'teacher');
  // SPEC §8: a course that cannot be loaded (an unknown id included) returns to the course
  // list with a message. Its assignments failing to load is shown in place, with a retry.
  useRedirectWithToast(
    course.isError ? { message: 'Failed to load course data.', to: paths.teacher.courses() } : null,
  );
  useErrorToast(
    course.isSuccess && assignments.isError && !isNotFound(assignments.error),
    'Failed to load course data.',
  );

  if (course.isPending) return <PageSpinner />;
  if (course.isError) {
    // Shown for the moment before the redirect.
    const notFound = isNotFound(course.error);
    return <CourseMissingPanel notFound={notFound} failedTitle="Failed to load course data." />;
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
          <div className="flex flex-wrap gap-3">
            <Link
              to={paths.teacher.gradebook(courseId)}
              className={buttonStyles({ variant: 'secondary' })}
            >
              <Table aria-hidden="true" className="size-4" />
              Gradebook
            </Link>
            <Link to={paths.teacher.newAssignment(courseId)} className={buttonStyles()}>
              <Plus aria-hidden="true" className="size-4" />
              New Assignment
            </Link>
          </div>
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
