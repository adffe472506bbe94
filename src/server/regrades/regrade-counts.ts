// The teacher dashboard's count of regrade requests still to answer (docs/decisions/028), one
// statement over the partial index of open requests.
import { and, eq, inArray, sql, type Placeholder } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { assignments, courses, regradeRequests, submissions } from '../db/schema';

/**
 * Open requests on submissions to the teacher's own courses' assignments. A count that can
 * also stand as a column of another select (the dashboard's one statement of figures).
 */
export function openRegradeRequestCount(db: Database, teacherId: string | Placeholder) {
  const ownSubmissions = db
    .select({ id: submissions.id })
    .from(submissions)
    .innerJoin(assignments, eq(assignments.id, submissions.assignment_id))
    .innerJoin(courses, eq(courses.id, assignments.course_id))
    .where(eq(courses.teacher_id, teacherId));
  return db.$count(
    regradeRequests,
    and(
      // In the SQL text, like the partial index it uses (see grading-states.ts's isHandedIn).
      sql`${regradeRequests.state} = 'open'`,
      inArray(regradeRequests.submission_id, ownSubmissions),
    ),
  );
}
