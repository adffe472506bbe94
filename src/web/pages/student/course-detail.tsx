import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ClipboardList, GraduationCap } from 'lucide-react';
import { Markdown } from '@web/components/markdown/markdown';
import { BackLink } from '@web/components/ui/back-link';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { MissingPanel } from '@web/components/ui/missing-panel';
import { PageSpinner } from '@web/components/ui/spinner';
import { useCourseAssignments } from '@web/features/course-assignments/api/get-course-assignments';
import { AssignmentGroup } from '@web/features/student-assignments/components/assignment-group';
import {
  splitByDueDate,
  totalAssignmentsLabel,
} from '@web/features/student-assignments/split-by-due-date';
import { useStudentCourse } from '@web/features/student-courses/api/get-student-course';
import { isNotFound } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { useRedirectWithToast } from '@web/lib/use-redirect-with-toast';

// Its own chunk: only the voice course's students need it, and /login never loads it.
const VoiceAssistant = lazy(() =>
  import('@web/features/voice/components/voice-assistant').then((module) => ({
    default: module.VoiceAssistant,
  })),
);

export function StudentCourseDetailPage() {
  const { courseId = '' } = useParams();
  const course = useStudentCourse(courseId);
  const assignments = useCourseAssignments(courseId, 'student');

  // SPEC §8: a course that cannot be loaded, unknown ids included, returns to the course list
  // with a message.
  const notFound = isNotFound(course.error);
  const failed = course.isError || (course.isSuccess && assignments.isError);
  useRedirectWithToast(
    failed
      ? { message: 'Failed to load course data. Please try again.', to: paths.student.courses() }
      : null,
  );

  if (notFound) {
    // Shown for the moment before the redirect to the course list.
    return (
      <MissingPanel
        kind="not-found"
        title="Course not found"
        description="The course you're looking for doesn't exist or you don't have access to it."
        backTo={paths.student.courses()}
        backLabel="Back to Courses"
      />
    );
  }
  if (!course.isSuccess || !assignments.isSuccess) return <PageSpinner />;

  const { upcoming, past, undated } = splitByDueDate(assignments.data);
  const total = assignments.data.length;

  return (
    <>
      <BackLink to={paths.student.courses()}>Back to Courses</BackLink>

      <Card className="mb-8 p-6 sm:p-8">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{course.data.title}</h1>
        <p className="mt-2 inline-flex items-center gap-1.5 text-sm text-gray-600">
          <GraduationCap aria-hidden="true" className="size-4 text-gray-400" />
          <span className="sr-only">Instructor:</span>
          {course.data.teacher.full_name}
        </p>
        <div className="mt-6 border-t border-gray-100 pt-6">
          <h2 className="text-sm font-semibold text-gray-900">Course Description</h2>
          {/* Markdown, as the teacher wrote it in the editor and sees it on their own page. */}
          {course.data.description ? (
            <Markdown className="mt-2">{course.data.description}</Markdown>
          ) : (
            <p className="mt-2 text-sm text-gray-600">No description</p>
          )}
        </div>
      </Card>

      <Suspense fallback={null}>
        <VoiceAssistant courseId={courseId} />
      </Suspense>

      <section aria-labelledby="assignments-heading">
        <div className="mb-4">
          <h2 id="assignments-heading" className="text-lg font-semibold text-gray-900">
            Assignments
          </h2>
          <p className="mt-0.5 text-sm text-gray-500">{totalAssignmentsLabel(total)}</p>
        </div>

        {total === 0 ? (
          <EmptyState
            icon={ClipboardList}
            title="No assignments yet"
            description="Your instructor hasn't posted any assignments for this course."
          />
        ) : (
          <div className="space-y-8">
            <AssignmentGroup title="Upcoming Assignments" group="upcoming" assignments={upcoming} />
            <AssignmentGroup title="No Due Date" group="undated" assignments={undated} />
            <AssignmentGroup title="Past Assignments" group="past" assignments={past} />
          </div>
        )}
      </section>
    </>
  );
}
