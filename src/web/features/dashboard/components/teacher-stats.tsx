import { BookOpen, ClipboardCheck, FileText, RotateCcw } from 'lucide-react';
import type { TeacherDashboard } from '@domain/schemas/dashboard';
import { StatCard } from '@web/components/ui/stat-card';
import { paths } from '@web/lib/paths';

export function TeacherStats({ stats }: { stats: TeacherDashboard['stats'] }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard
        label="Total Courses"
        value={stats.total_courses}
        icon={BookOpen}
        to={paths.teacher.courses()}
      />
      <StatCard
        label="Total Assignments"
        value={stats.total_assignments}
        icon={FileText}
        accent="green"
      />
      <StatCard
        label="Submissions to be graded"
        value={stats.submissions_to_grade}
        icon={ClipboardCheck}
        accent="orange"
      />
      <StatCard
        label="Open regrade requests"
        value={stats.open_regrade_requests}
        icon={RotateCcw}
        accent="blue"
      />
    </div>
  );
}
