import { PageHeader } from '@web/components/ui/page-header';

export function StudentDashboardPage() {
  return <PageHeader title="Student Dashboard" />;
}
