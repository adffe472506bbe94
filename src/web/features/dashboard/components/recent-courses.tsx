import { Link } from 'react-router';
import { BookOpen, ChevronRight, Plus } from 'lucide-react';
import type { TeacherDashboard } from '@domain/schemas/dashboard';
import { MarkdownExcerpt } from '@web/components/markdown/markdown-excerpt';
import { buttonStyles } from '@web/components/ui/button';
import { EmptyState } from '@web/components/ui/empty-state';
import { paths } from '@web/lib/paths';
import { DashboardSection } from './dashboard-section';

export function RecentCourses({ courses }: { courses: TeacherDashboard['recent_courses'] }) {
  return (
    <DashboardSection
      title="Recent Courses"
      action={
        <Link
          to={paths.teacher.courses()}
          className="text-sm font-medium text-indigo-600 hover:text-indigo-500"
        >
          View all
        </Link>
      }
    >
      {courses.length === 0 ? (
        <EmptyState
          icon={BookOpen}
          title="No courses yet"
          description="Get started by creating your first course"
          className="m-5 border-none"
          action={
            <Link to={paths.teacher.newCourse()} className={buttonStyles()}>
              <Plus aria-hidden="true" className="size-4" />
              Create Course
            </Link>
          }
        />
      ) : (
        <ul className="divide-y divide-gray-100">
          {courses.slice(0, 3).map((course) => (
            <li key={course.id}>
              <Link
                to={paths.teacher.course(course.id)}
                className="group flex items-center gap-4 px-5 py-4 transition-colors hover:bg-gray-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-indigo-50 text-indigo-600">
                  <BookOpen aria-hidden="true" className="size-5" />
                </span>
                <span className="min-w-0 flex-1">
                  <span className="block text-sm font-semibold break-words text-gray-900 group-hover:text-indigo-700">
                    {course.title}
                  </span>
                  <span className="mt-0.5 block truncate text-sm text-gray-500">
                    {course.description ? (
                      <MarkdownExcerpt>{course.description}</MarkdownExcerpt>
                    ) : (
                      'No description'
                    )}
                  </span>
                </span>
                <ChevronRight
                  aria-hidden="true"
                  className="size-4 shrink-0 text-gray-400 group-hover:text-indigo-600"
                />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </DashboardSection>
  );
}
