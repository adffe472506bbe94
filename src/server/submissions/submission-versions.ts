// Submission history (DESIGN §11, docs/decisions/030). Every hand-in is a version: its file,
// size, name, extracted text and time. The submission row points at the current version and
// keeps copies of its fields, so every reader of "the submitted file" reads the row alone.
// A resubmission adds a version and removes those past the limit: their rows in the hand-in's
// one statement (migration 0010, decision 038), their files once it has committed (a row never
// names a missing file).
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { preparedFor } from '../db/prepared';
import { submissions, submissionVersions } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { notFound } from '../errors';
import { removeIfUnreferenced } from '../files/orphan-uploads';
import { createFileUrlSigner, SIGNED_FILE_ROUTE } from '../files/signed-urls';
import type { Actor } from '../policies/actor';
import { loadReadableSubmission } from '../policies/submission.policy';

export interface HandIn {
  assignmentId: string;
  studentId: string;
  filePath: string;
  fileSize: number;
  originalFilename: string;
  /** The text extracted from the file; null when it has none. */
  content: string | null;
  submittedAt: Date;
  /** How many versions a submission keeps. */
  versionLimit: number;
}

/**
 * Hands the file in as the student's submission and makes it the newest version, in one
 * statement: migration 0010's hand_in function, which holds the rules (the row lock that
 * numbers racing hand-ins one at a time, the same file being the same version, the limit).
 * Returns the submission's id and the files of the versions the limit removed, for removal
 * once this has committed.
 */
export async function handIn(
  db: Database,
  file: HandIn,
): Promise<{ id: string; removedPaths: string[] }> {
  const result = await db.execute(sql`
    select submission, removed_paths from hand_in(
      ${file.assignmentId}::uuid, ${file.studentId}::uuid,
      ${file.submittedAt.toISOString()}::timestamptz, ${file.filePath}::text,
      ${file.fileSize}::integer, ${file.originalFilename}::text, ${file.content}::text,
      ${file.versionLimit}::integer)`);
  const [row] = (result as unknown as { rows: { submission: string; removed_paths: string[] }[] })
    .rows;
  if (!row) throw new Error('hand_in returned no row');
  return { id: row.submission, removedPaths: row.removed_paths };
}

/** Removes the stored files no row names any more; never fails (a sweep finds what is left). */
export async function removeFilesOfRemovedVersions(deps: ServiceDeps, paths: string[]) {
  for (const path of new Set(paths)) await removeIfUnreferenced(deps, path);
}

/** The text already extracted from a stored file, if any version of any submission has it. */
export async function knownContentOf(db: Database, filePath: string) {
  const [known] = await preparedFor(db, 'known_content_of_file', () =>
    db
      .select({ content: submissionVersions.content })
      .from(submissionVersions)
      .where(eq(submissionVersions.file_path, sql.placeholder('filePath')))
      .limit(1),
  ).execute({ filePath });
  return known;
}

/** Every stored file an assignment's submissions name, now or as a kept version. */
export async function versionFilesOfAssignment(db: Database, assignmentId: string) {
  const [current, kept] = [
    await db
      .select({ path: submissions.file_path })
      .from(submissions)
      .where(and(eq(submissions.assignment_id, assignmentId), isNotNull(submissions.file_path))),
    await db
      .selectDistinct({ path: submissionVersions.file_path })
      .from(submissionVersions)
      .innerJoin(submissions, eq(submissions.id, submissionVersions.submission_id))
      .where(eq(submissions.assignment_id, assignmentId)),
  ];
  return [...current, ...kept].flatMap((row) => (row.path ? [row.path] : []));
}

export function createSubmissionVersionService(deps: ServiceDeps) {
  const { db, storage } = deps;
  const signer = createFileUrlSigner(deps.config.jwtSecret);

  return {
    /**
     * A submission's versions, newest first: for the course's teacher (with which one was
     * graded) and for its own student (without: a grade may not be released yet).
     */
    async list(actor: Actor, submissionId: string) {
      const { reader } = await loadReadableSubmission(db, actor, submissionId);
      const rows = await db
        .select({
          version: {
            id: submissionVersions.id,
            submission_id: submissionVersions.submission_id,
            number: submissionVersions.number,
            original_filename: submissionVersions.original_filename,
            file_size: submissionVersions.file_size,
            submitted_at: submissionVersions.submitted_at,
          },
          current: sql<boolean>`${submissions.current_version_id} is not distinct from ${submissionVersions.id}`,
          graded: sql<boolean>`${submissions.graded_version_id} is not distinct from ${submissionVersions.id}`,
        })
        .from(submissionVersions)
        .innerJoin(submissions, eq(submissions.id, submissionVersions.submission_id))
        .where(eq(submissionVersions.submission_id, submissionId))
        .orderBy(desc(submissionVersions.number));
      return rows.map(({ version, current, graded }) => ({
        ...version,
        current,
        ...(reader === 'teacher' && { graded }),
      }));
    },

    /** A signed link to one version's file, for whoever may read the submission. */
    async createSignedUrl(
      actor: Actor,
      submissionId: string,
      versionId: string,
      expiresIn: number,
    ) {
      await loadReadableSubmission(db, actor, submissionId);
      const [version] = await db
        .select({ file_path: submissionVersions.file_path })
        .from(submissionVersions)
        .where(
          and(
            eq(submissionVersions.id, versionId),
            eq(submissionVersions.submission_id, submissionId),
          ),
        );
      if (!version) throw notFound('Version');
      if (!(await storage.stat(version.file_path))) throw notFound('File');
      const { token, expiresAt } = signer.sign(version.file_path, expiresIn);
      return { url: `${SIGNED_FILE_ROUTE}/${token}`, expires_at: expiresAt };
    },
  };
}

export type SubmissionVersionService = ReturnType<typeof createSubmissionVersionService>;
