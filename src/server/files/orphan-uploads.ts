// Uploads no submission points to (DESIGN §1.5: a stored file that no row points to is
// removed). An upload records nothing in the database until it is submitted, so a file is
// an orphan exactly when no submissions.file_path and no kept version
// (submission_versions.file_path) names it.
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { Database } from '../db/connect';
import { preparedFor } from '../db/prepared';
import { enrollments, submissions, submissionVersions } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { parseKey } from '../storage/storage-keys';

/** The empty column of a `union all` row that carries either a course or a path. */
const NEITHER = sql<string | null>`null::text`;

/** How long an upload may wait for its submit before a sweep may remove it. */
export const UNSUBMITTED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;
const SWEEP_BATCH = 500;

async function isReferenced(db: Database, path: string): Promise<boolean> {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.file_path, path))
    .limit(1);
  if (row) return true;
  const [version] = await db
    .select({ id: submissionVersions.id })
    .from(submissionVersions)
    .where(eq(submissionVersions.file_path, path))
    .limit(1);
  return version !== undefined;
}

/** Which of these stored files a submission or a kept version names. */
async function referencedAmong(db: Database, paths: string[]): Promise<Set<string | null>> {
  const [current, versions] = await Promise.all([
    db
      .select({ path: submissions.file_path })
      .from(submissions)
      .where(inArray(submissions.file_path, paths)),
    db
      .select({ path: submissionVersions.file_path })
      .from(submissionVersions)
      .where(inArray(submissionVersions.file_path, paths)),
  ]);
  return new Set([...current, ...versions].map((row) => row.path));
}

/**
 * Removes a stored file unless a submission still points to it (one upload may have been
 * submitted for two assignments of the same course). Never fails the caller: a file left
 * behind is only disk space, and the next sweep finds it.
 */
export async function removeIfUnreferenced(
  { db, storage, log }: ServiceDeps,
  path: string,
): Promise<void> {
  try {
    if (!(await isReferenced(db, path))) await storage.remove(path);
  } catch (error) {
    log.warn({ err: error, path }, 'could not remove an unreferenced file; a sweep will');
  }
}

/**
 * Removes uploads older than `olderThanMs` that no submission points to. Run by the scheduled
 * housekeeping job (housekeeping/), safe on any instance at any time: an upload younger than a
 * day is never touched, and a submit always names a file first stored moments before.
 * Returns the keys removed.
 */
export async function sweepOrphanUploads(
  deps: ServiceDeps,
  { olderThanMs = UNSUBMITTED_UPLOAD_TTL_MS, now = new Date() } = {},
): Promise<string[]> {
  const cutoff = now.getTime() - olderThanMs;
  const old = (await deps.storage.list()).filter((key) => {
    const parsed = parseKey(key);
    return parsed !== null && parsed.uploadedAt.getTime() <= cutoff;
  });
  const removed: string[] = [];
  // A bucket may hold many thousand files: ask which are referenced a batch at a time.
  for (let start = 0; start < old.length; start += SWEEP_BATCH) {
    const batch = old.slice(start, start + SWEEP_BATCH);
    const referenced = await referencedAmong(deps.db, batch);
    for (const key of batch) {
      if (referenced.has(key)) continue;
      await deps.storage.remove(key);
      removed.push(key);
    }
  }
  return removed;
}

const STUDENT = sql.placeholder('studentId');

/**
 * A student's stored uploads that no submission points to, in the courses they are enrolled in
 * (where they can upload), after removing those older than `olderThanMs`, as a sweep would: the
 * upload quota frees itself even before a scheduled sweep has run.
 */
export async function unsubmittedUploadsOf(
  deps: ServiceDeps,
  studentId: string,
  { olderThanMs = UNSUBMITTED_UPLOAD_TTL_MS } = {},
): Promise<string[]> {
  const { db, storage } = deps;
  // The courses the student can upload to, and every file a submission or a kept version of
  // theirs names: one prepared statement (built once per database), since it runs before
  // every upload.
  const rows = await preparedFor(db, 'uploads_of_student', () =>
    unionAll(
      db
        .select({ course: sql<string | null>`${enrollments.course_id}::text`, path: NEITHER })
        .from(enrollments)
        .where(eq(enrollments.student_id, STUDENT)),
      db
        .select({ course: NEITHER, path: submissions.file_path })
        .from(submissions)
        .where(and(eq(submissions.student_id, STUDENT), isNotNull(submissions.file_path))),
      db
        .select({ course: NEITHER, path: submissionVersions.file_path })
        .from(submissionVersions)
        .innerJoin(submissions, eq(submissions.id, submissionVersions.submission_id))
        .where(eq(submissions.student_id, STUDENT)),
    ),
  ).execute({ studentId });
  const courseIds = rows.flatMap((row) => row.course ?? []);
  const submitted = new Set(rows.flatMap((row) => row.path ?? []));
  const cutoff = deps.clock().getTime() - olderThanMs;
  const waiting: string[] = [];
  for (const courseId of courseIds) {
    for (const key of await storage.list(`${courseId}/${studentId}`)) {
      if (submitted.has(key)) continue;
      const parsed = parseKey(key);
      if (parsed && parsed.uploadedAt.getTime() <= cutoff) {
        await removeIfUnreferenced(deps, key);
        continue;
      }
      waiting.push(key);
    }
  }
  return waiting;
}
