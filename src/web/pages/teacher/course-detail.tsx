import { PagePending } from '../page-pending';

export function TeacherCourseDetailPage() {
  return <PagePending title="Course Details" />;
}
