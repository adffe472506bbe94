import { PagePending } from '../page-pending';

export function TeacherSubmissionReviewPage() {
  return <PagePending title="Submission Review" />;
}
