import { Link } from 'react-router';
import { Award, FileText, Pencil, Users } from 'lucide-react';
import { formatDate } from '@domain/dates';
import type { Course } from '@domain/schemas/courses';
import { Markdown } from '@web/components/markdown/markdown';
import { buttonStyles } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { StatCard } from '@web/components/ui/stat-card';
import { paths } from '@web/lib/paths';

/** Course detail header: title, created date, description, 'Edit Course', and the counters. */
export function CourseOverview({ course }: { course: Course }) {
  return (
    <>
      <Card className="p-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight text-gray-900">{course.title}</h1>
            <p className="mt-1 text-sm text-gray-500">Created {formatDate(course.created_at)}</p>
          </div>
          <Link
            to={paths.teacher.editCourse(course.id)}
            className={buttonStyles({ variant: 'secondary' })}
          >
            <Pencil aria-hidden="true" className="size-4" />
            Edit Course
          </Link>
        </div>
        {course.description ? (
          <Markdown className="mt-4">{course.description}</Markdown>
        ) : (
          <p className="mt-4 text-sm text-gray-500 italic">No description</p>
        )}
      </Card>

      <div className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-3">
        <StatCard label="Students Enrolled" value={course.student_count} icon={Users} />
        <StatCard
          label="Assignments"
          value={course.assignment_count}
          icon={FileText}
          accent="green"
        />
        <StatCard label="Total Points" value={course.total_points} icon={Award} accent="orange" />
      </div>
    </>
  );
}
