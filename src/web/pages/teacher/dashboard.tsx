import { Link } from 'react-router';
import { Plus, TriangleAlert } from 'lucide-react';
import { Button, buttonStyles } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { useTeacherDashboard } from '@web/features/dashboard/api/get-teacher-dashboard';
import { RecentCourses } from '@web/features/dashboard/components/recent-courses';
import { RecentSubmissions } from '@web/features/dashboard/components/recent-submissions';
import { TeacherStats } from '@web/features/dashboard/components/teacher-stats';
import { paths } from '@web/lib/paths';
import { useErrorToast } from '@web/lib/use-error-toast';

const LOAD_FAILED = 'Failed to load dashboard data. Please refresh the page.';

export function TeacherDashboardPage() {
  const dashboard = useTeacherDashboard();
  useErrorToast(dashboard.isError, LOAD_FAILED);

  return (
    <>
      <PageHeader
        title="Teacher Dashboard"
        description="Your courses and the latest work from your students"
        actions={
          <Link to={paths.teacher.newCourse()} className={buttonStyles()}>
            <Plus aria-hidden="true" className="size-4" />
            New Course
          </Link>
        }
      />
      {dashboard.isPending ? (
        <PageSpinner />
      ) : dashboard.isError ? (
        <EmptyState
          icon={TriangleAlert}
          title={LOAD_FAILED}
          action={
            <Button variant="secondary" onClick={() => void dashboard.refetch()}>
              Try again
            </Button>
          }
        />
      ) : (
        <div className="space-y-8">
          <TeacherStats stats={dashboard.data.stats} />
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
            <RecentCourses courses={dashboard.data.recent_courses} />
            <RecentSubmissions submissions={dashboard.data.recent_submissions} />
          </div>
        </div>
      )}
    </>
  );
}
