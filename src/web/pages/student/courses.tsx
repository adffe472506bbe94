import { BookOpen, CircleCheck } from 'lucide-react';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { Spinner } from '@web/components/ui/spinner';
import { EnrollButton } from '@web/features/enrollments/components/enroll-button';
import { useStudentCourses } from '@web/features/student-courses/api/get-student-courses';
import { AvailableCourseCard } from '@web/features/student-courses/components/available-course-card';
import {
  CourseGrid,
  CourseGridSection,
} from '@web/features/student-courses/components/course-grid';
import { EnrolledCourseCard } from '@web/features/student-courses/components/enrolled-course-card';
import { focusSoon } from '@web/lib/focus';
import { useErrorToast } from '@web/lib/use-error-toast';

const LOAD_ERROR = 'Failed to load courses. Please try again.';

const sectionSpinner = (
  <div className="flex justify-center py-10">
    <Spinner />
  </div>
);

export function StudentCoursesPage() {
  const enrolled = useStudentCourses('enrolled');
  const available = useStudentCourses('available');
  useErrorToast(enrolled.isError || available.isError, LOAD_ERROR);

  return (
    <>
      <PageHeader
        title="My Courses"
        description="View your enrolled courses and discover new ones"
      />

      <div className="space-y-10">
        <CourseGridSection id="enrolled-courses-heading" title="Enrolled Courses">
          {enrolled.isPending ? (
            sectionSpinner
          ) : enrolled.isError ? (
            <EmptyState title="Courses unavailable" description={LOAD_ERROR} />
          ) : enrolled.data.length === 0 ? (
            <EmptyState
              icon={BookOpen}
              title="No enrolled courses"
              description="Browse available courses below to get started"
            />
          ) : (
            <CourseGrid>
              {enrolled.data.map((course) => (
                <EnrolledCourseCard key={course.id} course={course} />
              ))}
            </CourseGrid>
          )}
        </CourseGridSection>

        <CourseGridSection id="available-courses-heading" title="Available Courses">
          {available.isPending ? (
            sectionSpinner
          ) : available.isError ? (
            <EmptyState title="Courses unavailable" description={LOAD_ERROR} />
          ) : available.data.length === 0 ? (
            <EmptyState
              icon={CircleCheck}
              title="No available courses"
              description="You're enrolled in all available courses!"
            />
          ) : (
            <CourseGrid>
              {available.data.map((course) => (
                <AvailableCourseCard
                  key={course.id}
                  course={course}
                  action={
                    <EnrollButton
                      courseId={course.id}
                      courseTitle={course.title}
                      // Focus follows the course to its new card under 'Enrolled Courses'.
                      onEnrolled={() =>
                        focusSoon(() =>
                          document.querySelector<HTMLElement>(
                            `[data-enrolled-course="${course.id}"]`,
                          ),
                        )
                      }
                    />
                  }
                />
              ))}
            </CourseGrid>
          )}
        </CourseGridSection>
      </div>
    </>
  );
}
