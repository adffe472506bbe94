import { Link } from 'react-router';
import { FileText, Users } from 'lucide-react';
import { formatDate } from '@domain/dates';
import type { Course } from '@domain/schemas/courses';
import { MarkdownExcerpt } from '@web/components/markdown/markdown-excerpt';
import { paths } from '@web/lib/paths';

export function CourseCard({ course }: { course: Course }) {
  return (
    <Link
      to={paths.teacher.course(course.id)}
      className="group flex h-full flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <h2 className="text-base font-semibold text-gray-900 group-hover:text-indigo-700">
        {course.title}
      </h2>
      <p className="mt-1 text-xs text-gray-500">Created {formatDate(course.created_at)}</p>
      <p className="mt-3 line-clamp-2 flex-1 text-sm text-gray-600">
        {course.description ? (
          <MarkdownExcerpt>{course.description}</MarkdownExcerpt>
        ) : (
          <span className="text-gray-500 italic">No description</span>
        )}
      </p>
      <div className="mt-5 flex flex-wrap items-center gap-x-4 gap-y-2 border-t border-gray-100 pt-4 text-sm text-gray-600">
        <span className="inline-flex items-center gap-1.5">
          <Users aria-hidden="true" className="size-4 text-gray-400" />
          <span className="font-medium text-gray-900">{course.student_count}</span>{' '}
          {course.student_count === 1 ? 'Student' : 'Students'}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <FileText aria-hidden="true" className="size-4 text-gray-400" />
          <span className="font-medium text-gray-900">{course.assignment_count}</span>{' '}
          {course.assignment_count === 1 ? 'Assignment' : 'Assignments'}
        </span>
        <span className="ml-auto font-medium text-indigo-600 transition-transform group-hover:translate-x-0.5">
          View →
        </span>
      </div>
    </Link>
  );
}
