import { PagePending } from '../page-pending';

export function TeacherAssignmentNewPage() {
  return <PagePending title="Create New Assignment" />;
}
