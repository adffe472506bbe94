import { PagePending } from '../page-pending';

export function TeacherCourseNewPage() {
  return <PagePending title="Create New Course" />;
}
