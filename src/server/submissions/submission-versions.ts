// Submission history (DESIGN §11, docs/decisions/030). Every hand-in is a version: its file,
// size, name, extracted text and time. The submission row points at the current version and
// keeps copies of its fields, so every reader of "the submitted file" reads the row alone.
// A resubmission adds a version and removes those past the limit: their rows in the submit's
// transaction, their files once it has committed (a row never names a missing file).
import { and, desc, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { literalLimit, preparedFor, runIn, type Transaction } from '../db/prepared';
import { submissions, submissionVersions } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { notFound } from '../errors';
import { removeIfUnreferenced } from '../files/orphan-uploads';
import { createFileUrlSigner, SIGNED_FILE_ROUTE } from '../files/signed-urls';
import type { Actor } from '../policies/actor';
import { loadReadableSubmission } from '../policies/submission.policy';

export interface VersionFile {
  filePath: string;
  fileSize: number;
  originalFilename: string;
  content: string | null;
  submittedAt: Date;
}

const SUBMISSION = sql.placeholder('submissionId');
/**
 * A placeholder as an update's value. Drizzle wraps it with the column's encoder as it does any
 * value (fillPlaceholders encodes what is given); only its types leave placeholders out of set().
 */
const setTo = <T>(name: string) => sql.placeholder(name) as unknown as T;

// The statements of a hand-in's transaction, built once per database and run in each
// transaction (runIn, decision 041).
const versionState = (db: Database) =>
  preparedFor(db, 'hand_in_version_state', () =>
    db
      .select({
        currentId: submissions.current_version_id,
        currentPath: submissionVersions.file_path,
        lastNumber: sql<
          number | null
        >`(select max(${submissionVersions.number}) from ${submissionVersions} where ${submissionVersions.submission_id} = ${SUBMISSION})`,
      })
      .from(submissions)
      .leftJoin(submissionVersions, eq(submissionVersions.id, submissions.current_version_id))
      .where(eq(submissions.id, SUBMISSION)),
  );

const moveVersionTime = (db: Database) =>
  preparedFor(db, 'hand_in_move_version_time', () =>
    db
      .update(submissionVersions)
      .set({ submitted_at: setTo<Date>('submittedAt') })
      .where(eq(submissionVersions.id, sql.placeholder('versionId'))),
  );

const insertVersion = (db: Database) =>
  preparedFor(db, 'hand_in_insert_version', () =>
    db
      .insert(submissionVersions)
      .values({
        submission_id: SUBMISSION,
        number: sql.placeholder('number'),
        file_path: sql.placeholder('filePath'),
        file_size: sql.placeholder('fileSize'),
        original_filename: sql.placeholder('originalFilename'),
        content: sql.placeholder('content'),
        submitted_at: sql.placeholder('submittedAt'),
        created_at: sql.placeholder('submittedAt'),
      })
      .returning({ id: submissionVersions.id }),
  );

// The row points at its version and the versions past the limit go, in one statement. The
// limit is written into the text, so each limit is a statement of its own.
const pointAndPrune = (db: Database, limit: number) =>
  preparedFor(db, `hand_in_point_and_prune_${limit}`, () => {
    const pointToVersion = db.$with('point_to_version').as(
      db
        .update(submissions)
        .set({ current_version_id: setTo<string>('versionId') })
        .where(eq(submissions.id, SUBMISSION))
        .returning({ id: submissions.id }),
    );
    const kept = db
      .select({ id: submissionVersions.id })
      .from(submissionVersions)
      .where(eq(submissionVersions.submission_id, SUBMISSION))
      .orderBy(desc(submissionVersions.number))
      .limit(literalLimit(limit));
    return db
      .with(pointToVersion)
      .delete(submissionVersions)
      .where(
        and(
          eq(submissionVersions.submission_id, SUBMISSION),
          notInArray(submissionVersions.id, kept),
          // Never the current one, whatever the limit.
          sql`${submissionVersions.id} <> ${sql.placeholder('versionId')}`,
        ),
      )
      .returning({ file_path: submissionVersions.file_path });
  });

/**
 * Makes `file` the submission's current version, inside the caller's transaction (which holds
 * the submission's row lock, so versions of one submission are numbered one at a time).
 * Handing in the current file again only moves its time: the same file is the same version.
 * Returns the files of the versions the limit removed, for removal after the commit.
 */
export async function recordVersion(
  db: Database,
  tx: Transaction,
  submissionId: string,
  file: VersionFile,
  limit: number,
): Promise<{ versionId: string; removedPaths: string[] }> {
  // Read after the caller's upsert took the row lock, so a racing resubmit sees this one's
  // version (a subquery of the upsert itself would read from before the wait).
  const [state] = await runIn(tx, versionState(db)).execute({ submissionId });

  let versionId: string;
  if (state?.currentId && state.currentPath === file.filePath) {
    versionId = state.currentId;
    await runIn(tx, moveVersionTime(db)).execute({ versionId, submittedAt: file.submittedAt });
  } else {
    const [inserted] = await runIn(tx, insertVersion(db)).execute({
      submissionId,
      number: (state?.lastNumber ?? 0) + 1,
      filePath: file.filePath,
      fileSize: file.fileSize,
      originalFilename: file.originalFilename,
      content: file.content,
      submittedAt: file.submittedAt,
    });
    if (!inserted) throw new Error('the submission version was not inserted');
    versionId = inserted.id;
  }

  const removed = await runIn(tx, pointAndPrune(db, limit)).execute({ submissionId, versionId });
  return { versionId, removedPaths: removed.map((row) => row.file_path) };
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
