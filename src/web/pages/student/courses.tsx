import { PagePending } from '../page-pending';

export function StudentCoursesPage() {
  return <PagePending title="My Courses" />;
}
