import { Link, useParams, useSearchParams } from 'react-router';
import { Calendar, Pencil } from 'lucide-react';
import { formatDateTime } from '@domain/dates';
import { buttonStyles } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { MissingPanel } from '@web/components/ui/missing-panel';
import { BackLink } from '@web/components/ui/back-link';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { Tabs } from '@web/components/ui/tabs';
import { useAssignment } from '@web/features/assignments/api/get-assignment';
import { useAssignmentSubmissions } from '@web/features/assignments/api/get-assignment-submissions';
import { AssignmentInfo } from '@web/features/assignments/components/assignment-info';
import { AssignmentStatusBadge } from '@web/features/assignments/components/assignment-status-badge';
import { GradeReleasePanel } from '@web/features/assignments/components/grade-release-panel';
import { ExtensionsPanel } from '@web/features/extensions/components/extensions-panel';
import { DownloadCsvButton } from '@web/features/gradebook/components/download-csv-button';
import { RubricPanel } from '@web/features/assignments/components/rubric-panel';
import { SubmissionList } from '@web/features/assignments/components/submission-list';
import { AgreementPanel } from '@web/features/class-grading/components/agreement-panel';
import { AutoGradingPanel } from '@web/features/class-grading/components/auto-grading-panel';
import { useAgreement } from '@web/features/class-grading/api/get-agreement';
import { useAutoGrading } from '@web/features/class-grading/api/get-auto-grading';
import { reviewPosition } from '@web/features/class-grading/review-order';
import type { Assignment } from '@domain/schemas/assignments';
import type { Submission } from '@domain/schemas/submissions';
import { isNotFound } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { useErrorToast } from '@web/lib/use-error-toast';

const TABS = ['info', 'rubric', 'submissions', 'extensions'] as const;
type Tab = (typeof TABS)[number];
const isTab = (value: string | null): value is Tab => TABS.includes(value as Tab);

export function TeacherAssignmentDetailPage() {
  const { courseId = '', assignmentId = '' } = useParams();
  const assignment = useAssignment(assignmentId);
  const submissions = useAssignmentSubmissions(assignmentId);
  // The open tab lives in the URL, so a reload or a shared link keeps it.
  const [searchParams, setSearchParams] = useSearchParams();
  const tabParam = searchParams.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'info';

  const notFound =
    (assignment.isError && isNotFound(assignment.error)) ||
    (assignment.isSuccess && assignment.data.course_id !== courseId);
  useErrorToast(assignment.isError && !notFound, 'Failed to load assignment data.');

  if (assignment.isPending) return <PageSpinner />;
  if (notFound || assignment.isError) {
    return (
      <MissingPanel
        kind={notFound ? 'not-found' : 'failed'}
        title={notFound ? 'Assignment not found' : 'Failed to load assignment data.'}
        description={
          notFound
            ? "The assignment you're looking for doesn't exist or you don't have access to it."
            : undefined
        }
        backTo={paths.teacher.courses()}
        backLabel="Back to Courses"
        onRetry={notFound ? undefined : () => void assignment.refetch()}
      />
    );
  }

  const data = assignment.data;
  const submissionCount = submissions.data?.length ?? data.submission_count ?? 0;

  return (
    <>
      <BackLink to={paths.teacher.course(courseId)}>Back to Course</BackLink>

      <div className="mb-8 flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-indigo-600">{data.course.title}</p>
          <div className="mt-1 flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{data.title}</h1>
            <AssignmentStatusBadge status={data.status} />
          </div>
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-gray-500">
            <span className="inline-flex items-center gap-1.5">
              <Calendar aria-hidden="true" className="size-4" />
              Due: {data.due_date ? formatDateTime(data.due_date) : 'No due date'}
            </span>
            <span>{data.total_points} points</span>
          </p>
        </div>
        <Link
          to={paths.teacher.editAssignment(courseId, assignmentId)}
          className={buttonStyles({ variant: 'secondary' })}
        >
          <Pencil aria-hidden="true" className="size-4" />
          Edit Assignment
        </Link>
      </div>

      <Tabs
        label="Assignment sections"
        value={tab}
        onValueChange={(next) =>
          // A tab is not a new page: the window keeps its scroll position.
          setSearchParams(next === 'info' ? {} : { tab: next }, {
            replace: true,
            preventScrollReset: true,
          })
        }
        tabs={[
          { value: 'info', label: 'Assignment Info' },
          { value: 'rubric', label: 'Rubric' },
          { value: 'submissions', label: `Submissions (${submissionCount})` },
          { value: 'extensions', label: 'Extensions' },
        ]}
      >
        {tab === 'info' && <AssignmentInfo assignment={data} />}
        {tab === 'rubric' && <RubricPanel key={data.id} assignment={data} />}
        {tab === 'submissions' &&
          (submissions.isPending ? (
            <div className="flex justify-center py-12">
              <Spinner />
            </div>
          ) : submissions.isError ? (
            <EmptyState title="Failed to load submission data. Please try again." />
          ) : (
            <ClassGradingTab assignment={data} submissions={submissions.data} />
          ))}
        {tab === 'extensions' && <ExtensionsPanel assignment={data} />}
      </Tabs>
    </>
  );
}

/** The Submissions tab: Mylo's class grading, the list (with its suggestions) and agreement. */
function ClassGradingTab({
  assignment,
  submissions,
}: {
  assignment: Assignment;
  submissions: Submission[];
}) {
  const progress = useAutoGrading(assignment.id);
  const agreement = useAgreement(assignment.id);
  const link = (submissionId: string) =>
    paths.teacher.submission(assignment.course_id, assignment.id, submissionId);
  const suggestedGrades = new Map(
    (progress.data?.submissions ?? []).flatMap((row) =>
      row.suggestion ? [[row.submission_id, row.suggestion.grade] as const] : [],
    ),
  );
  const firstToReview = reviewPosition(submissions, null).firstToReviewId;
  return (
    <>
      <GradeReleasePanel assignment={assignment} submissions={submissions} />
      <div className="mb-4 flex justify-end">
        <DownloadCsvButton scope={{ assignmentId: assignment.id }} label="Download grades (CSV)" />
      </div>
      {submissions.length > 0 && (
        <AutoGradingPanel
          assignmentId={assignment.id}
          progress={progress.data}
          studentNames={new Map(submissions.map((s) => [s.id, s.student.full_name]))}
          reviewLink={firstToReview ? link(firstToReview) : null}
        />
      )}
      <SubmissionList
        assignment={assignment}
        submissions={submissions}
        suggestedGrades={suggestedGrades}
      />
      {agreement.data && submissions.length > 0 && (
        <AgreementPanel agreement={agreement.data} submissionLink={link} />
      )}
    </>
  );
}
