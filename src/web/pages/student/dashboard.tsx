import { Link } from 'react-router';
import { BookOpen, CalendarClock, CircleAlert, FileCheck, GraduationCap } from 'lucide-react';
import { useAuth } from '@web/auth/auth-context';
import { buttonStyles } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/empty-state';
import { PageHeader } from '@web/components/ui/page-header';
import { PageSpinner } from '@web/components/ui/spinner';
import { StatCard } from '@web/components/ui/stat-card';
import { useStudentDashboard } from '@web/features/student-dashboard/api/get-student-dashboard';
import { RecentSubmissionList } from '@web/features/student-dashboard/components/recent-submission-list';
import { UpcomingAssignmentList } from '@web/features/student-dashboard/components/upcoming-assignment-list';
import { paths } from '@web/lib/paths';
import { useErrorToast } from '@web/lib/use-error-toast';

const LOAD_ERROR = 'Failed to load dashboard data. Please refresh the page.';

export function StudentDashboardPage() {
  const { user } = useAuth();
  const dashboard = useStudentDashboard();

  useErrorToast(dashboard.isError, LOAD_ERROR);

  const firstName = user?.full_name.split(' ')[0];

  return (
    <>
      <PageHeader
        title="Student Dashboard"
        description={firstName ? `Welcome back, ${firstName}.` : undefined}
        actions={
          <Link to={paths.student.courses()} className={buttonStyles()}>
            <BookOpen aria-hidden="true" className="size-4" />
            Browse Courses
          </Link>
        }
      />

      {dashboard.isPending ? (
        <PageSpinner />
      ) : dashboard.isError ? (
        <EmptyState icon={CircleAlert} title="Dashboard unavailable" description={LOAD_ERROR} />
      ) : (
        <div className="space-y-8">
          <div className="grid gap-5 sm:grid-cols-3">
            <StatCard
              icon={GraduationCap}
              label="Enrolled Courses"
              value={dashboard.data.stats.enrolled_courses}
              accent="indigo"
            />
            <StatCard
              icon={CalendarClock}
              label="Upcoming Assignments"
              value={dashboard.data.stats.upcoming_assignments}
              accent="orange"
            />
            <StatCard
              icon={FileCheck}
              label="Total Submissions"
              value={dashboard.data.stats.total_submissions}
              accent="green"
            />
          </div>

          <div className="grid gap-6 lg:grid-cols-2">
            <Card aria-labelledby="upcoming-heading" role="region" className="overflow-hidden">
              <h2
                id="upcoming-heading"
                className="border-b border-gray-100 px-5 py-4 text-base font-semibold text-gray-900"
              >
                Upcoming Assignments
              </h2>
              <UpcomingAssignmentList items={dashboard.data.upcoming_assignments} />
            </Card>
            <Card aria-labelledby="recent-heading" role="region" className="overflow-hidden">
              <h2
                id="recent-heading"
                className="border-b border-gray-100 px-5 py-4 text-base font-semibold text-gray-900"
              >
                Recent Submissions
              </h2>
              <RecentSubmissionList items={dashboard.data.recent_submissions} />
            </Card>
          </div>
        </div>
      )}
    </>
  );
}
