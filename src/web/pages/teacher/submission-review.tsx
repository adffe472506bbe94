import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useBlocker, useParams } from 'react-router';
import { rubricRowsOf } from '@domain/rubric-scores';
import { useAuth } from '@web/auth/auth-context';
import { BackLink } from '@web/components/ui/back-link';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { MissingPanel } from '@web/components/ui/missing-panel';
import { useAssignment } from '@web/features/assignments/api/get-assignment';
import { useAssignmentSubmissions } from '@web/features/assignments/api/get-assignment-submissions';
import { ReviewNavigation } from '@web/features/class-grading/components/review-navigation';
import { reviewPosition } from '@web/features/class-grading/review-order';
import { PageSpinner } from '@web/components/ui/spinner';
import { useCourse } from '@web/features/courses/api/get-course';
import { RegradeAnswerPanel } from '@web/features/regrades/components/regrade-answer-panel';
import { useSubmission } from '@web/features/submission-review/api/get-submission';
import { SubmissionDocument } from '@web/features/submission-review/components/submission-document';
import { SubmissionGrading } from '@web/features/submission-review/components/submission-grading';
import { SubmissionHeader } from '@web/features/submission-review/components/submission-header';
import { ExtensionButton } from '@web/features/extensions/components/extension-button';
import { SubmissionText } from '@web/features/submission-review/components/submission-text';
import {
  downloadVersionFile,
  useVersionViewerUrl,
} from '@web/features/submission-versions/api/get-version-file-url';
import { VersionList } from '@web/features/submission-versions/components/version-list';
import type { SubmissionVersion } from '@domain/schemas/submission-versions';
import { isNotFound } from '@web/lib/api-error';
import { paths } from '@web/lib/paths';
import { useErrorToast } from '@web/lib/use-error-toast';
import { useRedirectWithToast } from '@web/lib/use-redirect-with-toast';

export function TeacherSubmissionReviewPage() {
  const { courseId = '', assignmentId = '', submissionId = '' } = useParams();
  const auth = useAuth();
  const submission = useSubmission(submissionId);
  const course = useCourse(courseId);
  // For the rubric rows and for moving through the class; the page works without them.
  const assignment = useAssignment(assignmentId);
  const classmates = useAssignmentSubmissions(assignmentId);
  const rubricRows = useMemo(
    () => (assignment.data ? rubricRowsOf(assignment.data) : null),
    [assignment.data],
  );
  const [dirty, setDirty] = useState(false);
  // What the blocker reads: set as the form reports a change, before the router has the blocker
  // of the next render (it takes it in an effect), so leaving right after a change still asks.
  const dirtyNow = useRef(false);
  const onDirtyChange = useCallback((value: boolean) => {
    dirtyNow.current = value;
    setDirty(value);
  }, []);
  // A regrade answer that changed the grade: the grading form starts again from the new grade.
  const [regraded, setRegraded] = useState(0);
  // An earlier version the teacher opened in the viewer (null: the current file).
  const [earlier, setEarlier] = useState<SubmissionVersion | null>(null);
  const earlierLink = useVersionViewerUrl(submissionId, earlier?.id ?? null);
  useEffect(() => setEarlier(null), [submissionId]);
  // Moving on (Previous/Next, a link, Back) with an unsaved grade asks first.
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyNow.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // SPEC §6: only the course's own teacher. The server answers 404 to anyone else; the course's
  // teacher_id is checked here too.
  const ownCourse = course.isSuccess && course.data.teacher_id === auth.user?.id;
  const denied = isNotFound(course.error) || (course.isSuccess && !ownCourse);
  useRedirectWithToast(
    denied
      ? { message: 'You do not have access to this course.', to: paths.teacher.courses() }
      : null,
  );
  // In the teacher's own course, a submission the server does not find (or one of another
  // assignment reached through this URL) does not exist: a load failure, not a denial.
  const missing =
    ownCourse &&
    (isNotFound(submission.error) ||
      (submission.isSuccess &&
        (submission.data.assignment.course_id !== courseId ||
          submission.data.assignment_id !== assignmentId)));
  const failed =
    !denied &&
    (missing ||
      (submission.isError && !isNotFound(submission.error)) ||
      (course.isError && !isNotFound(course.error)));
  useErrorToast(failed, 'Failed to load submission data. Please try again.');

  const backTo = `${paths.teacher.assignment(courseId, assignmentId)}?tab=submissions`;

  if (failed) {
    return (
      <MissingPanel
        kind={missing ? 'not-found' : 'failed'}
        title="Failed to load submission data. Please try again."
        backTo={backTo}
        backLabel="Back to Assignment"
        onRetry={
          missing
            ? undefined
            : () => {
                if (submission.isError) void submission.refetch();
                if (course.isError) void course.refetch();
              }
        }
      />
    );
  }
  if (denied || !submission.isSuccess || !course.isSuccess || assignment.isPending) {
    return <PageSpinner />;
  }

  const data = submission.data;
  const link = (id: string) => paths.teacher.submission(courseId, assignmentId, id);
  return (
    <>
      <BackLink to={backTo}>Back to Assignment</BackLink>
      {classmates.isSuccess && classmates.data.length > 1 && (
        <ReviewNavigation position={reviewPosition(classmates.data, data.id)} linkTo={link} />
      )}
      <SubmissionHeader
        submission={data}
        actions={
          <ExtensionButton
            assignment={data.assignment}
            student={data.student}
            current={data.extended_due_date}
          />
        }
      />

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_24rem] xl:grid-cols-[minmax(0,1fr)_28rem]">
        {/* On wide screens the PDF stays in view while the teacher reads Mylo's analysis. */}
        <div className="min-w-0 space-y-6 lg:sticky lg:top-6">
          <VersionList
            submissionId={data.id}
            viewingId={earlier?.id ?? null}
            onView={(version) => setEarlier(version.current ? null : version)}
          />
          <SubmissionDocument
            submission={data}
            version={
              earlier
                ? {
                    id: earlier.id,
                    label: `Version ${earlier.number} (earlier)`,
                    filename: earlier.original_filename,
                    size: earlier.file_size,
                    link: earlierLink,
                    download: () =>
                      downloadVersionFile(data.id, earlier.id, earlier.original_filename),
                  }
                : undefined
            }
          />
          {/* The extracted text is the current version's. */}
          {!earlier && data.content?.trim() && <SubmissionText content={data.content} />}
        </div>
        <div className="min-w-0 space-y-6">
          <RegradeAnswerPanel
            key={data.id}
            submissionId={data.id}
            assignmentId={data.assignment_id}
            totalPoints={data.assignment.total_points}
            currentGrade={data.grade}
            onGradeChanged={() => setRegraded((count) => count + 1)}
          />
          {/* Keyed by submission: moving to another submission starts a fresh form. */}
          <SubmissionGrading
            key={`${data.id}:${regraded}`}
            submission={data}
            rubricRows={rubricRows}
            onDirtyChange={onDirtyChange}
          />
        </div>
      </div>
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title="Leave without saving?"
        confirmLabel="Leave without saving"
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        The grade and feedback you changed for this submission are not saved yet.
      </ConfirmDialog>
    </>
  );
}
