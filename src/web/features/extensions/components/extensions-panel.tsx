import { CalendarClock, Users } from 'lucide-react';
import { formatDateTime } from '@domain/dates';
import { Badge } from '@web/components/ui/badge';
import { EmptyState } from '@web/components/ui/empty-state';
import { Spinner } from '@web/components/ui/spinner';
import { useEnrolledStudents, useExtensions } from '../api/extensions';
import { ExtensionButton } from './extension-button';

/**
 * The 'Extensions' tab of a teacher's assignment: every enrolled student, handed in or not,
 * with the due date that holds for them and 'Grant extension' / 'Change extension'.
 */
export function ExtensionsPanel({
  assignment,
}: {
  assignment: { id: string; course_id: string; due_date: string | null };
}) {
  const students = useEnrolledStudents(assignment.course_id);
  const extensions = useExtensions(assignment.id);

  if (!assignment.due_date) {
    return (
      <EmptyState
        icon={CalendarClock}
        title="No due date set"
        description="Extensions move a student's due date. Set a due date for this assignment first."
      />
    );
  }
  if (students.isPending || extensions.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  }
  if (students.isError || extensions.isError) {
    return <EmptyState title="Failed to load extensions. Please try again." />;
  }
  if (students.data.length === 0) {
    return (
      <EmptyState
        icon={Users}
        title="No students enrolled yet"
        description="Extensions can be granted to the students enrolled in this course."
      />
    );
  }

  const classDue = assignment.due_date;
  const byStudent = new Map(extensions.data.map((e) => [e.student.id, e.due_date]));
  return (
    <section aria-labelledby="extensions-heading">
      <div className="mb-4">
        <h2 id="extensions-heading" className="text-base font-semibold text-gray-900">
          Extensions
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Due {formatDateTime(assignment.due_date)} for the class. A student with an extension can
          submit until their own date, and their work is not late until then.
        </p>
      </div>
      <ul className="divide-y divide-gray-100 overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm">
        {students.data.map(({ student }) => {
          const extended = byStudent.get(student.id) ?? null;
          return (
            <li
              key={student.id}
              className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 px-5 py-4"
            >
              <div className="min-w-0 flex-1 basis-48">
                <p className="text-sm font-semibold break-words text-gray-900">
                  {student.full_name}
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-gray-600">
                  {extended ? (
                    <>
                      <Badge tone="indigo">Extended</Badge>
                      <span>Due {formatDateTime(extended)}</span>
                    </>
                  ) : (
                    <span>Due {formatDateTime(classDue)}</span>
                  )}
                </p>
              </div>
              <ExtensionButton assignment={assignment} student={student} current={extended} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
