import { PagePending } from '../page-pending';

export function StudentAssignmentDetailPage() {
  return <PagePending title="Assignment" />;
}
