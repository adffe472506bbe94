// Uploads no submission points to (DESIGN §1.5: a stored file that no row points to is
// removed). An upload records nothing in the database until it is submitted, so a file is
// an orphan exactly when no submissions.file_path names it.
import { eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { submissions } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { parseKey } from './storage';

/** How long an upload may wait for its submit before a sweep may remove it. */
export const UNSUBMITTED_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

async function isReferenced(db: Database, path: string): Promise<boolean> {
  const [row] = await db
    .select({ id: submissions.id })
    .from(submissions)
    .where(eq(submissions.file_path, path))
    .limit(1);
  return row !== undefined;
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
 * Removes uploads older than `olderThanMs` that no submission points to, and temp files left
 * by crashed uploads. Meant for a periodic job (none is scheduled yet); safe to run on any
 * instance at any time. Returns the keys removed.
 */
export async function sweepOrphanUploads(
  deps: ServiceDeps,
  { olderThanMs = UNSUBMITTED_UPLOAD_TTL_MS, now = new Date() } = {},
): Promise<string[]> {
  const cutoff = now.getTime() - olderThanMs;
  const removed: string[] = [];
  await deps.storage.sweepIncomplete({ olderThanMs });
  for (const key of await deps.storage.list()) {
    const parsed = parseKey(key);
    if (!parsed || parsed.uploadedAt.getTime() > cutoff) continue;
    if (await isReferenced(deps.db, key)) continue;
    await deps.storage.remove(key);
    removed.push(key);
  }
  return removed;
}
