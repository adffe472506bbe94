// The teacher's gradebook for a course (DESIGN §11): enrolled students × assignments, a grade
// or a state per cell, each student's total and percentage, each assignment's mean; and the
// same table as CSV, for the course or one assignment. The course's teacher only.
import type { GradebookCell, GradebookCellStatus } from '@domain/schemas/gradebook';
import type { ServiceDeps } from '../deps';
import { loadOwnedAssignment } from '../policies/assignment.policy';
import type { Actor } from '../policies/actor';
import { loadOwnedCourse } from '../policies/course.policy';
import { assignmentCsv, courseCsv } from './gradebook-csv';
import {
  type GradebookScope,
  selectGradebookAssignments,
  selectGradebookStudents,
  selectGradebookSubmissions,
} from './gradebook-queries';

type SubmissionRow = Awaited<ReturnType<typeof selectGradebookSubmissions>>[number];

function cellStatus(row: SubmissionRow | undefined): GradebookCellStatus {
  if (!row?.handed_in) return 'missing';
  if (row.graded) return row.released ? 'released' : 'graded';
  return row.late ? 'late' : 'submitted';
}

const round2 = (value: number) => Math.round(value * 100) / 100;

export function createGradebookService({ db }: ServiceDeps) {
  async function build(course: { id: string; title: string }, assignmentId?: string) {
    const scope: GradebookScope = { courseId: course.id, assignmentId };
    const [columns, students, rows] = await Promise.all([
      selectGradebookAssignments(db, scope),
      selectGradebookStudents(db, scope),
      selectGradebookSubmissions(db, scope),
    ]);
    const byCell = new Map(rows.map((row) => [`${row.student_id}:${row.assignment_id}`, row]));
    return {
      course: { id: course.id, title: course.title },
      assignments: columns.map((column) => ({
        ...column,
        mean: column.mean === null ? null : round2(Number(column.mean)),
      })),
      students: students.map((student) => {
        const cells: GradebookCell[] = columns.map((column) => {
          const row = byCell.get(`${student.id}:${column.id}`);
          return {
            assignment_id: column.id,
            submission_id: row?.handed_in ? row.id : null,
            status: cellStatus(row),
            grade: row?.graded ? row.grade : null,
            late: row?.late ?? false,
          };
        });
        const total = round2(Number(student.total));
        const possible = Number(student.possible);
        return {
          ...student,
          cells,
          total,
          possible,
          percentage: possible > 0 ? round2((total / possible) * 100) : null,
        };
      }),
    };
  }

  return {
    /** The whole course (assignments other than drafts). */
    async forCourse(actor: Actor, courseId: string) {
      const course = await loadOwnedCourse(db, actor, courseId);
      return build(course);
    },

    /** The course's gradebook as CSV. */
    async courseCsv(actor: Actor, courseId: string) {
      const course = await loadOwnedCourse(db, actor, courseId);
      const gradebook = await build(course);
      return { filename: `${course.title} gradebook`, csv: courseCsv(gradebook) };
    },

    /** One assignment's column as CSV, whatever its status. */
    async assignmentCsv(actor: Actor, assignmentId: string) {
      const { assignment, course } = await loadOwnedAssignment(db, actor, assignmentId);
      const gradebook = await build(course, assignment.id);
      return {
        filename: `${course.title} ${assignment.title} grades`,
        csv: assignmentCsv(gradebook),
      };
    },
  };
}

export type GradebookService = ReturnType<typeof createGradebookService>;
