import type { ReactNode } from 'react';
import { GraduationCap, Users } from 'lucide-react';
import type { Course } from '@domain/schemas/courses';
import { MarkdownExcerpt } from '@web/components/markdown/markdown-excerpt';
import { Card } from '@web/components/ui/card';
import { studentCountLabel } from '../student-count';

/** A course the student can join; `action` is the enrol button the page supplies. */
export function AvailableCourseCard({ course, action }: { course: Course; action: ReactNode }) {
  const headingId = `available-course-${course.id}`;
  return (
    <Card className="flex flex-col p-5" role="article" aria-labelledby={headingId}>
      <h3 id={headingId} className="text-base font-semibold text-gray-900">
        {course.title}
      </h3>
      <p className="mt-1 inline-flex items-center gap-1.5 text-sm text-gray-500">
        <GraduationCap aria-hidden="true" className="size-4" />
        {course.teacher.full_name}
      </p>
      <p className="mt-3 line-clamp-2 flex-1 text-sm text-gray-600">
        {course.description ? (
          <MarkdownExcerpt>{course.description}</MarkdownExcerpt>
        ) : (
          'No description'
        )}
      </p>
      <div className="mt-4 flex items-center justify-between border-t border-gray-100 pt-4">
        <span className="inline-flex items-center gap-1.5 text-sm text-gray-500">
          <Users aria-hidden="true" className="size-4" />
          {studentCountLabel(course.student_count)}
        </span>
        {action}
      </div>
    </Card>
  );
}
