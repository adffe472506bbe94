import { PagePending } from '../page-pending';

export function TeacherCoursesPage() {
  return <PagePending title="My Courses" />;
}
