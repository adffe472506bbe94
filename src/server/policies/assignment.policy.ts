// Who may read, change and hand in work for an assignment (DESIGN §7, SPEC §4).
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { preparedFor } from '../db/prepared';
import { assignments, courses, enrollments } from '../db/schema';
import { AppError, conflict, forbidden, notFound } from '../errors';
import type { Actor } from './actor';
import { isClosedButExtended } from '../extensions/due-dates';
import { isEnrolment, relationTo } from './course.policy';

export type AssignmentRow = typeof assignments.$inferSelect;

export const ASSIGNMENT_CLOSED_MESSAGE =
  'This assignment is closed and no longer accepts submissions.';

/** SPEC §4's student-facing text, also for drafts and courses the student is not in. */
const notAvailable = () => new AppError(404, 'NOT_FOUND', 'Assignment not found or not available.');

/**
 * The assignment, its course and how the actor stands to it, in one statement: every
 * assignment route, upload and hand-in starts here, so it is prepared (built once per database;
 * building this two-table select was most of what drizzle allocated in a deadline rush).
 */
async function loadWithCourse(db: Database, actor: Actor, assignmentId: string) {
  const [row] = await preparedFor(db, 'assignment_with_course', () =>
    db
      .select({
        assignment: assignments,
        course: courses,
        enrolled: sql<boolean>`${enrollments.id} is not null`,
      })
      .from(assignments)
      .innerJoin(courses, eq(courses.id, assignments.course_id))
      .leftJoin(enrollments, isEnrolment(courses.id, sql.placeholder('actorId')))
      .where(eq(assignments.id, sql.placeholder('assignmentId'))),
  ).execute({ actorId: actor.id, assignmentId });
  if (!row) return undefined;
  const { enrolled, ...rest } = row;
  return { ...rest, relation: relationTo(actor, row.course, enrolled) };
}

/**
 * An assignment the actor may read: the owner sees any status, an enrolled student the
 * published ones only (SPEC §4), and a closed one while their extension lasts (029).
 * Everything else is 404.
 */
export async function loadReadableAssignment(
  db: Database,
  actor: Actor,
  assignmentId: string,
  now = new Date(),
) {
  const row = await loadWithCourse(db, actor, assignmentId);
  if (!row) throw notFound('Assignment');
  const { relation } = row;
  const readable =
    relation === 'owner' ||
    (relation === 'enrolled' &&
      (row.assignment.status === 'published' ||
        (row.assignment.status === 'closed' &&
          (await isClosedButExtended(db, actor.id, assignmentId, now)))));
  if (!readable) throw notFound('Assignment');
  return row;
}

/** The owner teacher only; an enrolled student who can read it gets 403, others 404. */
export async function loadOwnedAssignment(db: Database, actor: Actor, assignmentId: string) {
  const { assignment, course, relation } = await loadReadableAssignment(db, actor, assignmentId);
  if (relation !== 'owner') throw forbidden('Only the course teacher can do this.');
  return { assignment, course };
}

/**
 * The assignment and course a student may upload to and submit for: enrolled, published (or
 * closed while the student's extension lasts, 029). An enrolled student learns that a closed
 * assignment is closed (409); everything else they may not see is 404.
 */
export async function loadSubmittableAssignment(
  db: Database,
  actor: Actor,
  assignmentId: string,
  now = new Date(),
) {
  const row = await loadWithCourse(db, actor, assignmentId);
  if (!row || row.relation !== 'enrolled') throw notAvailable();
  if (row.assignment.status === 'closed') {
    if (await isClosedButExtended(db, actor.id, assignmentId, now)) return row;
    throw conflict(ASSIGNMENT_CLOSED_MESSAGE);
  }
  if (row.assignment.status !== 'published') throw notAvailable();
  return row;
}
