import { PagePending } from '../page-pending';

export function TeacherAssignmentDetailPage() {
  return <PagePending title="Assignment Details" />;
}
