// Grading a whole class with Mylo (DESIGN §11): 'Grade all with Mylo' turns every handed-in,
// ungraded submission without a current suggestion into a background job (one per
// submission, grouped by assignment), reports their progress, and can cancel them. Nothing
// becomes a grade until the teacher saves one.
import { and, desc, eq, exists, isNotNull, isNull, notExists, sql, type SQL } from 'drizzle-orm';
import type { EngineId } from '../ai/engine-id';
import { GradingError } from '../ai/grading-engine';
import { gradingSuggestions, jobs, submissions } from '../db/schema';
import type { ServiceDeps } from '../deps';
import type { JobQueue } from '../jobs/job-queue';
import type { Actor } from '../policies/actor';
import { loadOwnedAssignment } from '../policies/assignment.policy';
import { isUngraded } from '../submissions/grading-states';
import { measureAgreement } from './agreement';
import { createGradingService } from './grading.service';
import { suggestionsFor } from './suggestions';

export const SUGGEST_JOB = 'grading.suggest';

interface SuggestPayload {
  submissionId: string;
  engineId: EngineId;
  /** The teacher who asked; the job acts as them, so their rights are checked again. */
  requestedBy: string;
}

type JobState = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

/** How many recent finished jobs the ETA averages over. */
const ETA_SAMPLE = 20;

export function createClassGradingService(deps: ServiceDeps) {
  const { db, jobs: queue, config, engines } = deps;

  /** The submission's suggestions that are not dismissed and were made from `filePath`. */
  const suggestionsFrom = (
    submissionId: string | typeof submissions.id,
    filePath: SQL | typeof submissions.file_path,
  ) =>
    db
      .select({ id: gradingSuggestions.id })
      .from(gradingSuggestions)
      .where(
        and(
          eq(gradingSuggestions.submission_id, submissionId),
          eq(gradingSuggestions.file_path, filePath),
          isNull(gradingSuggestions.dismissed_at),
        ),
      );

  /** Handed-in, ungraded work of the assignment with no current suggestion. */
  async function needingSuggestions(assignmentId: string) {
    return db
      .select({ id: submissions.id })
      .from(submissions)
      .where(
        and(
          eq(submissions.assignment_id, assignmentId),
          isUngraded,
          isNotNull(submissions.file_path),
          notExists(suggestionsFrom(submissions.id, submissions.file_path)),
        ),
      );
  }

  /**
   * The same test for one submission, as SQL for the job's insert: a job that finished after
   * `needingSuggestions` read has written its suggestion before it was marked done.
   */
  const hasCurrentSuggestion = (submissionId: string) =>
    exists(
      suggestionsFrom(
        submissionId,
        sql`(select ${submissions.file_path} from ${submissions} where ${submissions.id} = ${submissionId})`,
      ),
    );

  async function status(assignmentId: string, changed?: number) {
    const rows = await db
      .select({ id: submissions.id })
      .from(submissions)
      .where(and(eq(submissions.assignment_id, assignmentId), isNotNull(submissions.submitted_at)));
    const ids = rows.map((row) => row.id);
    const latestJobs = ids.length
      ? await db
          .selectDistinctOn([jobs.key], {
            key: jobs.key,
            state: jobs.state,
            error: jobs.last_error,
            attempts: jobs.attempts,
          })
          .from(jobs)
          .where(and(eq(jobs.kind, SUGGEST_JOB), eq(jobs.group_id, assignmentId)))
          .orderBy(jobs.key, desc(jobs.created_at))
      : [];
    const jobOf = new Map(latestJobs.map((job) => [job.key, job]));
    const suggestions = await suggestionsFor(db, ids);
    const counts: Record<JobState, number> = {
      queued: 0,
      running: 0,
      done: 0,
      failed: 0,
      cancelled: 0,
    };
    const handedIn = new Set(ids);
    for (const job of latestJobs) if (job.key && handedIn.has(job.key)) counts[job.state] += 1;
    const waiting = (await needingSuggestions(assignmentId)).filter((row) => {
      const state = jobOf.get(row.id)?.state;
      return state !== 'queued' && state !== 'running';
    }).length;
    return {
      assignment_id: assignmentId,
      active: counts.queued + counts.running > 0,
      counts,
      waiting,
      eta_seconds: await estimateSeconds(assignmentId, counts.queued + counts.running),
      ...(changed !== undefined && { changed }),
      submissions: ids.map((id) => {
        const job = jobOf.get(id);
        const current = suggestions.get(id)?.current;
        return {
          submission_id: id,
          job: job
            ? {
                state: job.state,
                error: job.state === 'failed' ? job.error : null,
                attempts: job.attempts,
              }
            : null,
          suggestion: current
            ? { id: current.id, grade: current.grade, engine_name: current.engine_name }
            : null,
        };
      }),
    };
  }

  /** Remaining jobs × the mean duration of recent ones, spread over this instance's workers. */
  async function estimateSeconds(assignmentId: string, remaining: number) {
    if (remaining === 0) return 0;
    const recent = db
      .select({
        seconds: sql<number>`extract(epoch from ${jobs.finished_at} - ${jobs.started_at})`.as(
          'seconds',
        ),
      })
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, SUGGEST_JOB),
          eq(jobs.group_id, assignmentId),
          eq(jobs.state, 'done'),
          isNotNull(jobs.started_at),
        ),
      )
      .orderBy(desc(jobs.finished_at))
      .limit(ETA_SAMPLE)
      .as('recent');
    const [row] = await db
      .select({ mean: sql<number | null>`avg(${recent.seconds})::float8` })
      .from(recent);
    if (row?.mean === null || row?.mean === undefined) return null;
    const workers = Math.min(remaining, config.jobConcurrency);
    return Math.ceil((row.mean * remaining) / workers);
  }

  return {
    /** Progress of Mylo's work on the assignment, per submission. */
    async status(actor: Actor, assignmentId: string) {
      await loadOwnedAssignment(db, actor, assignmentId);
      return status(assignmentId);
    },

    /**
     * 'Grade all with Mylo': one job per submission needing a suggestion. Starting twice adds
     * nothing: a submission whose job is queued or running is skipped, and so is one whose job
     * finished since the class was read (no second suggestion, no second model call).
     */
    async start(actor: Actor, assignmentId: string, options: { engine?: EngineId } = {}) {
      await loadOwnedAssignment(db, actor, assignmentId);
      const engineId = options.engine ?? engines.grading.configuredId;
      engines.grading.get(engineId); // an engine that is not configured is refused before anything
      const targets = await needingSuggestions(assignmentId);
      const started = await db.transaction(async (tx) => {
        let count = 0;
        for (const { id } of targets) {
          const payload: SuggestPayload = { submissionId: id, engineId, requestedBy: actor.id };
          const jobId = await queue.enqueue(SUGGEST_JOB, payload, {
            key: id,
            unlessRunning: true,
            unless: hasCurrentSuggestion(id),
            group: assignmentId,
            createdBy: actor.id,
            db: tx,
          });
          if (jobId) count += 1;
        }
        return count;
      });
      return status(assignmentId, started);
    },

    /** Stops Mylo's queued and running work on the assignment; suggestions made stay. */
    async cancel(actor: Actor, assignmentId: string) {
      await loadOwnedAssignment(db, actor, assignmentId);
      const cancelled = await queue.cancel({ kind: SUGGEST_JOB, group: assignmentId });
      return status(assignmentId, cancelled);
    },

    /** How closely Mylo's suggestions matched the teacher's saved grades (DESIGN §11). */
    async agreement(actor: Actor, assignmentId: string) {
      const { assignment } = await loadOwnedAssignment(db, actor, assignmentId);
      return measureAgreement(db, assignment);
    },
  };
}

export type ClassGradingService = ReturnType<typeof createClassGradingService>;

/**
 * The job that makes one suggestion. It acts as the teacher who asked (their rights are
 * checked again when it runs). A provider that is down or slow is retried with backoff; a
 * submission that cannot be graded (no text, gone) fails at once with the reason.
 */
export function registerGradingJobs(jobQueue: JobQueue, deps: ServiceDeps) {
  const grading = createGradingService(deps);
  jobQueue.handle<SuggestPayload>(
    SUGGEST_JOB,
    async ({ submissionId, engineId, requestedBy }, { signal }) => {
      await grading.suggest({ id: requestedBy, role: 'teacher' }, submissionId, {
        engineId,
        signal,
      });
    },
    {
      maxAttempts: 3,
      timeoutMs: 3 * 60_000,
      isRetryable: (error) => error instanceof GradingError && error.retryable,
    },
  );
}
