import { PagePending } from '../page-pending';

export function TeacherAssignmentEditPage() {
  return <PagePending title="Edit Assignment" />;
}
