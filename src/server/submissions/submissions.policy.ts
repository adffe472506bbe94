// Who may hand in work (DESIGN §7: an enrolled student, for a published assignment that is not
// closed) and who may read a submission (its own student, or the course's teacher).
import { eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { assignments, courses } from '../db/schema';
import { AppError, conflict, notFound } from '../errors';
import type { Actor } from '../plugins/auth';
import { courseRelation, loadOwnedAssignment } from '../courses/course-access';

export const ASSIGNMENT_CLOSED_MESSAGE =
  'This assignment is closed and no longer accepts submissions.';

/** SPEC §4's student-facing text, also for drafts and courses the student is not in. */
const notAvailable = () => new AppError(404, 'NOT_FOUND', 'Assignment not found or not available.');

/**
 * The assignment and course a student may upload to and submit for. An enrolled student
 * learns that a closed assignment is closed (409); everything else they may not see is 404.
 */
export async function loadSubmittableAssignment(db: Database, actor: Actor, assignmentId: string) {
  const [row] = await db
    .select({ assignment: assignments, course: courses })
    .from(assignments)
    .innerJoin(courses, eq(courses.id, assignments.course_id))
    .where(eq(assignments.id, assignmentId));
  if (!row || (await courseRelation(db, actor, row.course)) !== 'enrolled') throw notAvailable();
  if (row.assignment.status === 'closed') throw conflict(ASSIGNMENT_CLOSED_MESSAGE);
  if (row.assignment.status !== 'published') throw notAvailable();
  return row;
}

/**
 * A submission's own student may read it; so may the teacher who owns its course. Anyone else
 * is told it does not exist.
 */
export async function assertMayReadSubmission(
  db: Database,
  actor: Actor,
  submission: { student_id: string; assignment_id: string },
) {
  if (actor.role === 'student') {
    if (submission.student_id !== actor.id) throw notFound('Submission');
    return;
  }
  try {
    await loadOwnedAssignment(db, actor, submission.assignment_id);
  } catch (error) {
    if (error instanceof AppError) throw notFound('Submission');
    throw error;
  }
}
