import { PageHeader } from '@web/components/ui/page-header';

export function TeacherDashboardPage() {
  return <PageHeader title="Teacher Dashboard" />;
}
