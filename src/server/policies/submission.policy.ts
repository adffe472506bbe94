// Who may read and grade a submission (DESIGN §7): its own student reads it; the teacher who
// owns its course reads and grades it. Everyone else is told it does not exist.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { submissions } from '../db/schema';
import { forbidden, notFound } from '../errors';
import type { Actor } from './actor';
import { loadOwnedAssignment } from './assignment.policy';
import { hiddenAsNotFound } from './hidden-as-not-found';

async function loadSubmissionKeys(db: Database, submissionId: string) {
  const [row] = await db
    .select({
      id: submissions.id,
      student_id: submissions.student_id,
      assignment_id: submissions.assignment_id,
    })
    .from(submissions)
    .where(eq(submissions.id, submissionId));
  if (!row) throw notFound('Submission');
  return row;
}

/** How the actor reads a submission: as its own student, or as the course's teacher. */
export type SubmissionReader = 'student' | 'teacher';

export async function loadReadableSubmission(db: Database, actor: Actor, submissionId: string) {
  const submission = await loadSubmissionKeys(db, submissionId);
  if (actor.role === 'student') {
    if (submission.student_id !== actor.id) throw notFound('Submission');
    return { submission, reader: 'student' as SubmissionReader };
  }
  await hiddenAsNotFound('Submission', () =>
    loadOwnedAssignment(db, actor, submission.assignment_id),
  );
  return { submission, reader: 'teacher' as SubmissionReader };
}

/** Only the course's teacher grades; its own student is refused (403), everyone else 404. */
export async function loadGradableSubmission(db: Database, actor: Actor, submissionId: string) {
  const submission = await loadSubmissionKeys(db, submissionId);
  if (actor.role === 'student') {
    if (submission.student_id === actor.id) throw forbidden('Only the course teacher can grade.');
    throw notFound('Submission');
  }
  const { assignment, course } = await hiddenAsNotFound('Submission', () =>
    loadOwnedAssignment(db, actor, submission.assignment_id),
  );
  return { submission, assignment, course };
}
