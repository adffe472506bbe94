import type { Assignment } from '@domain/schemas/assignments';

export type DueDated = Pick<Assignment, 'due_date' | 'effective_due_date' | 'extended_due_date'>;

/**
 * The due date that holds for the signed-in student: the server's effective due date (their
 * extension when they have one, docs/decisions/029), or the assignment's on a teacher's read.
 */
export const dueForMe = (assignment: DueDated): string | null =>
  assignment.effective_due_date === undefined ? assignment.due_date : assignment.effective_due_date;

/** Whether the student's due date is an extension granted to them. */
export const isExtendedForMe = (assignment: DueDated): boolean =>
  Boolean(assignment.extended_due_date) && dueForMe(assignment) !== assignment.due_date;
