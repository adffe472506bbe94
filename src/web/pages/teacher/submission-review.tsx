import { useParams } from 'react-router';
import { useAuth } from '@web/auth/auth-context';
import { BackLink } from '@web/components/ui/back-link';
import { MissingPanel } from '@web/components/ui/missing-panel';
import { PageSpinner } from '@web/components/ui/spinner';
import { useCourse } from '@web/features/courses/api/get-course';
import { useSubmission } from '@web/features/submission-review/api/get-submission';
import { SubmissionDocument } from '@web/features/submission-review/components/submission-document';
import { SubmissionGrading } from '@web/features/submission-review/components/submission-grading';
import { SubmissionHeader } from '@web/features/submission-review/components/submission-header';
import { SubmissionText } from '@web/features/submission-review/components/submission-text';
import { ApiError } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { useErrorToast } from '@web/lib/use-error-toast';
import { useRedirectWithToast } from '@web/lib/use-redirect-with-toast';

const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

export function TeacherSubmissionReviewPage() {
  const { courseId = '', assignmentId = '', submissionId = '' } = useParams();
  const auth = useAuth();
  const submission = useSubmission(submissionId);
  const course = useCourse(courseId);

  // SPEC §6: only the course's own teacher. The server answers 404 to anyone else; the course's
  // teacher_id is checked here too, and so is a submission reached through another course's URL.
  const denied =
    isNotFound(submission.error) ||
    isNotFound(course.error) ||
    (course.isSuccess && course.data.teacher_id !== auth.user?.id) ||
    (submission.isSuccess &&
      (submission.data.assignment.course_id !== courseId ||
        submission.data.assignment_id !== assignmentId));
  useRedirectWithToast(
    denied
      ? { message: 'You do not have access to this course.', to: paths.teacher.courses() }
      : null,
  );
  const failed = !denied && (submission.isError || course.isError);
  useErrorToast(failed, 'Failed to load submission data. Please try again.');

  const backTo = `${paths.teacher.assignment(courseId, assignmentId)}?tab=submissions`;

  if (failed) {
    return (
      <MissingPanel
        kind="failed"
        title="Failed to load submission data. Please try again."
        backTo={backTo}
        backLabel="Back to Assignment"
        onRetry={() => {
          if (submission.isError) void submission.refetch();
          if (course.isError) void course.refetch();
        }}
      />
    );
  }
  if (denied || !submission.isSuccess || !course.isSuccess) return <PageSpinner />;

  const data = submission.data;
  return (
    <>
      <BackLink to={backTo}>Back to Assignment</BackLink>
      <SubmissionHeader submission={data} />

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_28rem]">
        {/* On wide screens the PDF stays in view while the teacher reads Mylo's analysis. */}
        <div className="min-w-0 space-y-6 lg:sticky lg:top-6">
          <SubmissionDocument submission={data} />
          {data.content?.trim() && <SubmissionText content={data.content} />}
        </div>
        {/* Keyed by submission: moving to another submission starts a fresh form. */}
        <SubmissionGrading key={data.id} submission={data} />
      </div>
    </>
  );
}
