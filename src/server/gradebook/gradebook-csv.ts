// The gradebook as CSV (docs/decisions/026): RFC 4180 (fields quoted when they hold a comma,
// quote or line break; quotes doubled; CRLF between records), UTF-8 with a byte-order mark so
// Excel reads accented names, numbers written as numbers, and text that a spreadsheet would
// run as a formula (starting with = + - @, tab or carriage return) prefixed with ' so it
// stays text. csv-stringify does the quoting and the formula guard.
import { stringify } from 'csv-stringify/sync';
import type { GradebookCellStatus } from '@domain/schemas/gradebook';

interface CsvCell {
  status: GradebookCellStatus;
  grade: number | null;
  late: boolean;
}
export interface CsvGradebook {
  assignments: { title: string; total_points: number }[];
  students: {
    full_name: string;
    email: string;
    cells: CsvCell[];
    total: number;
    possible: number;
    percentage: number | null;
  }[];
}

type Field = string | number | null;

export function toCsv(rows: Field[][]): string {
  return stringify(rows, {
    bom: true,
    record_delimiter: 'windows',
    escape_formulas: true,
  });
}

/** A grade as a number, or the state in words while there is none. */
const cellValue = (cell: CsvCell): Field => cell.grade ?? cell.status;

/** Student, email, one column per assignment, total, possible, percentage. */
export function courseCsv(gradebook: CsvGradebook): string {
  const header = [
    'Student',
    'Email',
    ...gradebook.assignments.map((a) => `${a.title} (${a.total_points} points)`),
    'Total',
    'Possible',
    'Percentage',
  ];
  return toCsv([
    header,
    ...gradebook.students.map((s) => [
      s.full_name,
      s.email,
      ...s.cells.map(cellValue),
      s.total,
      s.possible,
      s.percentage,
    ]),
  ]);
}

/** One assignment: student, email, state, grade, points, late, released to the student. */
export function assignmentCsv(gradebook: CsvGradebook): string {
  const assignment = gradebook.assignments[0];
  const header = ['Student', 'Email', 'Status', 'Grade', 'Total points', 'Late', 'Released'];
  return toCsv([
    header,
    ...gradebook.students.map((s) => {
      const cell = s.cells[0];
      return [
        s.full_name,
        s.email,
        cell?.status ?? 'missing',
        cell?.grade ?? null,
        assignment?.total_points ?? null,
        cell?.late ? 'yes' : 'no',
        cell?.status === 'released' ? 'yes' : 'no',
      ];
    }),
  ]);
}
