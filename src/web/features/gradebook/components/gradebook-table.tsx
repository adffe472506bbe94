import { Link } from 'react-router';
import type { Gradebook, GradebookCell } from '@domain/schemas/gradebook';
import { Badge, type BadgeTone } from '@web/components/ui/badge';
import { paths } from '@web/lib/paths';

const STATUS: Record<GradebookCell['status'], { label: string; tone: BadgeTone }> = {
  missing: { label: 'Missing', tone: 'gray' },
  submitted: { label: 'Submitted', tone: 'yellow' },
  late: { label: 'Late', tone: 'red' },
  graded: { label: 'Not released', tone: 'orange' },
  released: { label: 'Released', tone: 'green' },
};

const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

function CellContent({ cell, totalPoints }: { cell: GradebookCell; totalPoints: number }) {
  const status = STATUS[cell.status];
  if (cell.grade === null) return <Badge tone={status.tone}>{status.label}</Badge>;
  return (
    <span className="flex flex-col items-start gap-1">
      <span className="font-medium text-gray-900 tabular-nums">
        {number(cell.grade)} / {totalPoints}
      </span>
      <Badge tone={status.tone}>{status.label}</Badge>
      {cell.late && <span className="text-xs text-red-700">Late</span>}
    </span>
  );
}

/**
 * Students × assignments (DESIGN §11): a grade or a state per cell, each opening the review
 * screen; each student's total and percentage; each assignment's class mean. The table scrolls
 * sideways in its own focusable region, so it works at phone width and by keyboard.
 */
export function GradebookTable({ gradebook }: { gradebook: Gradebook }) {
  const { course, assignments, students } = gradebook;
  return (
    <div
      role="region"
      aria-labelledby="gradebook-caption"
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-gray-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
    >
      <table className="min-w-full divide-y divide-gray-200 text-left text-sm">
        <caption id="gradebook-caption" className="px-4 py-3 text-left text-sm text-gray-600">
          Grades of {course.title}: one row per student, one column per assignment
        </caption>
        <thead className="bg-gray-50">
          <tr>
            <th
              scope="col"
              className="sticky left-0 bg-gray-50 px-4 py-3 font-semibold text-gray-900"
            >
              Student
            </th>
            {assignments.map((assignment) => (
              <th key={assignment.id} scope="col" className="px-4 py-3 font-semibold text-gray-900">
                <Link
                  to={paths.teacher.assignment(course.id, assignment.id)}
                  className="text-indigo-700 hover:underline"
                >
                  {assignment.title}
                </Link>
                <span className="block text-xs font-normal text-gray-600">
                  {assignment.total_points} points
                </span>
              </th>
            ))}
            <th scope="col" className="px-4 py-3 font-semibold text-gray-900">
              Total
            </th>
            <th scope="col" className="px-4 py-3 font-semibold text-gray-900">
              Percentage
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {students.map((student) => (
            <tr key={student.id}>
              <th
                scope="row"
                className="sticky left-0 bg-white px-4 py-3 font-medium break-words whitespace-pre-line text-gray-900"
              >
                {student.full_name}
              </th>
              {student.cells.map((cell, index) => {
                const assignment = assignments[index];
                if (!assignment) return null;
                const content = <CellContent cell={cell} totalPoints={assignment.total_points} />;
                return (
                  <td key={cell.assignment_id} className="px-4 py-3 align-top">
                    {cell.submission_id ? (
                      <Link
                        to={paths.teacher.submission(course.id, assignment.id, cell.submission_id)}
                        className="inline-block rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                      >
                        <span className="sr-only">
                          Review {student.full_name}&apos;s {assignment.title}:{' '}
                        </span>
                        {content}
                      </Link>
                    ) : assignment.due_date ? (
                      // Nothing handed in: the assignment's Extensions tab, where this
                      // student's due date can be extended (029).
                      <Link
                        to={`${paths.teacher.assignment(course.id, assignment.id)}?tab=extensions`}
                        className="inline-block rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
                      >
                        <span className="sr-only">
                          Extensions for {assignment.title}, {student.full_name}:{' '}
                        </span>
                        {content}
                      </Link>
                    ) : (
                      content
                    )}
                  </td>
                );
              })}
              <td className="px-4 py-3 align-top whitespace-nowrap text-gray-900 tabular-nums">
                {number(student.total)} / {student.possible}
              </td>
              <td className="px-4 py-3 align-top whitespace-nowrap text-gray-900 tabular-nums">
                {student.percentage === null ? (
                  <span className="text-gray-600">No grades yet</span>
                ) : (
                  `${number(student.percentage)}%`
                )}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="bg-gray-50">
          <tr>
            <th
              scope="row"
              className="sticky left-0 bg-gray-50 px-4 py-3 font-semibold text-gray-900"
            >
              Class mean
            </th>
            {assignments.map((assignment) => (
              <td key={assignment.id} className="px-4 py-3 text-gray-900 tabular-nums">
                {assignment.mean === null ? (
                  <span className="text-gray-600">No grades yet</span>
                ) : (
                  `${number(assignment.mean)} / ${assignment.total_points}`
                )}
              </td>
            ))}
            <td className="px-4 py-3" />
            <td className="px-4 py-3" />
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
