import { PagePending } from '../page-pending';

export function TeacherCourseEditPage() {
  return <PagePending title="Edit Course" />;
}
