import { Link } from 'react-router';
import { Users } from 'lucide-react';
import type { Course } from '@domain/schemas/courses';
import { MarkdownExcerpt } from '@web/components/markdown/markdown-excerpt';
import { paths } from '@web/lib/paths';
import { studentCountLabel } from '../student-count';

/** A course the student is enrolled in; the whole card opens the course. */
export function EnrolledCourseCard({ course }: { course: Course }) {
  return (
    <Link
      to={paths.student.course(course.id)}
      data-enrolled-course={course.id}
      className="group flex flex-col rounded-xl border border-gray-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <h3 className="text-base font-semibold text-gray-900 group-hover:text-indigo-700">
        {course.title}
      </h3>
      <p className="mt-2 line-clamp-2 flex-1 text-sm text-gray-600">
        {course.description ? (
          <MarkdownExcerpt>{course.description}</MarkdownExcerpt>
        ) : (
          'No description'
        )}
      </p>
      <div className="mt-4 flex items-center justify-between border-t border-gray-100 pt-4 text-sm">
        <span className="inline-flex items-center gap-1.5 text-gray-500">
          <Users aria-hidden="true" className="size-4" />
          {studentCountLabel(course.student_count)}
        </span>
        <span aria-hidden="true" className="font-medium text-indigo-600">
          View →
        </span>
      </div>
    </Link>
  );
}
