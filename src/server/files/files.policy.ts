// Who may read a stored file (DESIGN §7 "stored file"): the student whose id is in its key
// (their own upload, submitted or not), or the teacher who owns the course in its key, for a
// file a submission of that course points to. Everyone else is told it does not exist.
import { and, eq } from 'drizzle-orm';
import { assignments, submissions } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { AppError, notFound } from '../errors';
import type { Actor } from '../plugins/auth';
import { loadVisibleCourse } from '../courses/course-access';
import { parseKey } from './storage';

export async function assertMayReadFile(
  { db, storage }: Pick<ServiceDeps, 'db' | 'storage'>,
  actor: Actor,
  path: string,
): Promise<void> {
  const key = parseKey(path);
  if (!key) throw notFound('File');

  if (actor.role === 'student') {
    if (key.studentId !== actor.id) throw notFound('File');
  } else {
    const relation = await loadVisibleCourse(db, actor, key.courseId).then(
      ({ relation }) => relation,
      (error: unknown) => {
        if (error instanceof AppError) return 'none' as const;
        throw error;
      },
    );
    if (relation !== 'owner') throw notFound('File');
    const [submitted] = await db
      .select({ id: submissions.id })
      .from(submissions)
      .innerJoin(assignments, eq(assignments.id, submissions.assignment_id))
      .where(and(eq(submissions.file_path, path), eq(assignments.course_id, key.courseId)))
      .limit(1);
    if (!submitted) throw notFound('File');
  }

  if (!(await storage.stat(path))) throw notFound('File');
}
