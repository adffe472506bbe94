import { useState } from 'react';
import { useParams } from 'react-router';
import { BackLink } from '@web/components/ui/back-link';
import { MissingPanel } from '@web/components/ui/missing-panel';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tabs } from '@web/components/ui/tabs';
import { RegradeRequestSection } from '@web/features/regrades/components/regrade-request-section';
import { useStudentAssignment } from '@web/features/student-assignments/api/get-student-assignment';
import { AssignmentDetails } from '@web/features/student-assignments/components/assignment-details';
import { AssignmentRubric } from '@web/features/student-assignments/components/assignment-rubric';
import { AssignmentTiles } from '@web/features/student-assignments/components/assignment-tiles';
import { useStudentCourse } from '@web/features/student-courses/api/get-student-course';
import { useMySubmission } from '@web/features/submissions/api/get-my-submission';
import { VersionList } from '@web/features/submission-versions/components/version-list';
import { SubmitPanel } from '@web/features/submissions/components/submit-panel';
import { isNotFound } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { useRedirectWithToast } from '@web/lib/use-redirect-with-toast';

type Tab = 'details' | 'rubric' | 'submit';
const TABS = [
  { value: 'details', label: 'Assignment Details' },
  { value: 'rubric', label: 'Rubric' },
  { value: 'submit', label: 'Submit Assignment' },
] as const satisfies ReadonlyArray<{ value: Tab; label: string }>;

export function StudentAssignmentDetailPage() {
  const { courseId = '', assignmentId = '' } = useParams();
  const assignment = useStudentAssignment(assignmentId);
  const submission = useMySubmission(assignmentId);
  // Only for the instructor's name: the page works without it.
  const course = useStudentCourse(courseId);
  const [tab, setTab] = useState<Tab>('details');

  // SPEC §4: drafts, closed and unknown assignments (404), and one reached through another
  // course's URL, are all "not available" to a student.
  const notAvailable =
    isNotFound(assignment.error) ||
    (assignment.isSuccess && assignment.data.course_id !== courseId);
  const failed = !notAvailable && (assignment.isError || submission.isError);
  useRedirectWithToast(
    notAvailable
      ? { message: 'Assignment not found or not available.', to: paths.student.course(courseId) }
      : failed
        ? {
            message: 'Failed to load assignment data. Please try again.',
            to: paths.student.course(courseId),
          }
        : null,
  );

  if (notAvailable || failed) {
    // Shown for the moment before the redirect to the course page.
    return (
      <MissingPanel
        kind={notAvailable ? 'not-found' : 'failed'}
        title="Assignment not found"
        backTo={paths.student.course(courseId)}
        backLabel="Back to Course"
      />
    );
  }
  if (!assignment.isSuccess || !submission.isSuccess) return <PageSpinner />;

  const data = assignment.data;
  return (
    <>
      <BackLink to={paths.student.course(courseId)}>Back to Course</BackLink>

      <header className="mb-6">
        <p className="text-sm font-medium text-indigo-600">{data.course.title}</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-gray-900">{data.title}</h1>
      </header>

      <AssignmentTiles assignment={data} submitted={submission.data !== null} />

      <Tabs
        label="Assignment sections"
        tabs={[...TABS]}
        value={tab}
        onValueChange={setTab}
        className="mt-8"
      >
        {tab === 'details' && (
          <AssignmentDetails assignment={data} instructorName={course.data?.teacher.full_name} />
        )}
        {tab === 'rubric' && <AssignmentRubric rubric={data.rubric_markdown} />}
        {/* Hidden, not unmounted: a file chosen or uploaded survives a look at the rubric. */}
        <div hidden={tab !== 'submit'}>
          <SubmitPanel
            assignmentId={data.id}
            totalPoints={data.total_points}
            submission={submission.data}
            afterFeedback={
              submission.data && (
                <RegradeRequestSection
                  assignmentId={data.id}
                  submissionId={submission.data.id}
                  hasGrade={submission.data.grade !== null}
                />
              )
            }
          />
          {/* Every file handed in, each downloadable (the current one included). */}
          {submission.data && (
            <div className="mt-6">
              <VersionList submissionId={submission.data.id} headingLevel={3} />
            </div>
          )}
        </div>
      </Tabs>
    </>
  );
}
