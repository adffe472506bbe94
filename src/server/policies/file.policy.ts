// Who may read a stored file (DESIGN §7 "stored file"): the student whose id is in its key
// (their own upload, submitted or not), or the teacher who owns the course in its key, for a
// file a submission of that course points to, now or as a kept earlier version. Everyone else
// is told it does not exist.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { assignments, submissions, submissionVersions } from '../db/schema';
import { notFound } from '../errors';
import type { FileStorage } from '../storage/file-storage';
import { parseKey } from '../storage/storage-keys';
import type { Actor } from './actor';
import { loadVisibleCourse } from './course.policy';
import { hiddenAsNotFound } from './hidden-as-not-found';

export async function assertMayReadFile(
  { db, storage }: { db: Database; storage: FileStorage },
  actor: Actor,
  path: string,
): Promise<void> {
  const key = parseKey(path);
  if (!key) throw notFound('File');

  if (actor.role === 'student') {
    if (key.studentId !== actor.id) throw notFound('File');
  } else {
    const { relation } = await hiddenAsNotFound('File', () =>
      loadVisibleCourse(db, actor, key.courseId),
    );
    if (relation !== 'owner') throw notFound('File');
    const [submitted] = await db
      .select({ id: submissions.id })
      .from(submissions)
      .innerJoin(assignments, eq(assignments.id, submissions.assignment_id))
      .where(and(eq(submissions.file_path, path), eq(assignments.course_id, key.courseId)))
      .limit(1);
    const [kept] = submitted
      ? [submitted]
      : await db
          .select({ id: submissionVersions.id })
          .from(submissionVersions)
          .innerJoin(submissions, eq(submissions.id, submissionVersions.submission_id))
          .innerJoin(assignments, eq(assignments.id, submissions.assignment_id))
          .where(
            and(eq(submissionVersions.file_path, path), eq(assignments.course_id, key.courseId)),
          )
          .limit(1);
    if (!kept) throw notFound('File');
  }

  if (!(await storage.stat(path))) throw notFound('File');
}
