import { Link } from 'react-router';
import { BookOpen, Plus, TriangleAlert } from 'lucide-react';
import { Button, buttonStyles } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { useMyCourses } from '@web/features/courses/api/get-my-courses';
import { CourseCard } from '@web/features/courses/components/course-card';
import { paths } from '@web/lib/paths';
import { useErrorToast } from '@web/lib/use-error-toast';

const LOAD_FAILED = 'Failed to load courses. Please try again.';

export function TeacherCoursesPage() {
  const courses = useMyCourses();
  useErrorToast(courses.isError, LOAD_FAILED);

  return (
    <>
      <PageHeader
        title="My Courses"
        description="Manage your courses and assignments"
        actions={
          <Link to={paths.teacher.newCourse()} className={buttonStyles()}>
            <Plus aria-hidden="true" className="size-4" />
            New Course
          </Link>
        }
      />
      {courses.isPending ? (
        <PageSpinner />
      ) : courses.isError ? (
        <EmptyState
          icon={TriangleAlert}
          title={LOAD_FAILED}
          action={
            <Button variant="secondary" onClick={() => void courses.refetch()}>
              Try again
            </Button>
          }
        />
      ) : courses.data.length === 0 ? (
        <EmptyState
          icon={BookOpen}
          title="No courses yet"
          description="Get started by creating your first course"
          action={
            <Link to={paths.teacher.newCourse()} className={buttonStyles()}>
              <Plus aria-hidden="true" className="size-4" />
              Create Course
            </Link>
          }
        />
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {courses.data.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
