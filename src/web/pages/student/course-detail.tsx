import { PagePending } from '../page-pending';

export function StudentCourseDetailPage() {
  return <PagePending title="Course Details" />;
}
