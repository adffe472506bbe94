// The voice assistant for the configured course (SPEC §1, §7 update-context; DESIGN §9).
// Pushing: build the course's knowledge base, skip when its hash is unchanged, else create the
// new provider document, attach it to the agent, then delete the one it replaced. Without an
// API key or agent id the document is kept in voice_knowledge_bases only and the push says
// voice is not configured. A student's own progress goes only into their widget session's
// dynamic variables, never into the shared document, and is read through the submissions
// service's student view, like every other student-facing door.
import { eq, sql } from 'drizzle-orm';
import { createAssignmentService } from '../assignments/assignments.service';
import { getUser } from '../auth/auth.service';
import { voiceKnowledgeBases } from '../db/schema';
import type { CourseChangeListener, ServiceDeps } from '../deps';
import { AppError, badRequest, forbidden, notFound } from '../errors';
import type { JobQueue } from '../jobs/job-queue';
import type { Actor } from '../policies/actor';
import { loadVisibleCourse } from '../policies/course.policy';
import { createSubmissionService } from '../submissions/submissions.service';
import {
  createElevenLabsClient,
  VoiceProviderError,
  type ElevenLabsClient,
} from './elevenlabs-client';
import { buildCourseKnowledgeBase, contentHash } from './knowledge-base';

export const VOICE_NOT_CONFIGURED =
  'Voice is not configured (set ELEVENLABS_API_KEY and VOICE_AGENT_ID).';

/** The background job that pushes a course's knowledge base (payload: { courseId }). */
export const VOICE_PUSH_JOB = 'voice.push-course-context';

export type PushResult =
  | { pushed: true; document_id: string }
  | { pushed: false; reason: string; document_id?: string | null };

export type DynamicVariables = Record<string, string>;

export interface UpdateContextInput {
  student_id: string;
  course_id: string;
  agent_id: string;
}

/**
 * One push at a time per course within this process, so "create, attach, delete old" never
 * interleave between a requested push and a background one.
 */
const pushLocks = new WeakMap<object, Map<string, Promise<unknown>>>();

function serialised<T>(db: object, courseId: string, task: () => Promise<T>): Promise<T> {
  let chains = pushLocks.get(db);
  if (!chains) pushLocks.set(db, (chains = new Map()));
  const lanes = chains;
  const next = (lanes.get(courseId) ?? Promise.resolve()).then(task, task);
  const settled = next.catch(() => undefined);
  lanes.set(courseId, settled);
  void settled.then(() => {
    if (lanes.get(courseId) === settled) lanes.delete(courseId);
  });
  return next;
}

export function createVoiceService(deps: ServiceDeps, client?: ElevenLabsClient) {
  const { db, config } = deps;
  const voice = config.voice;
  const submissions = createSubmissionService(deps);
  const assignments = createAssignmentService(deps);
  const provider =
    client ??
    (voice.apiKey
      ? createElevenLabsClient({ baseUrl: voice.baseUrl, apiKey: voice.apiKey })
      : null);
  const configured = Boolean(voice.apiKey && voice.agentId && provider);

  async function pushNow(courseId: string): Promise<PushResult> {
    const content = await buildCourseKnowledgeBase(db, courseId);
    if (content === null) throw notFound('Course');
    const hash = contentHash(content);
    const [stored] = await db
      .select()
      .from(voiceKnowledgeBases)
      .where(eq(voiceKnowledgeBases.course_id, courseId));

    if (!configured || !provider || !voice.agentId) {
      if (!stored || stored.content_hash !== hash) {
        await save(courseId, stored?.document_id ?? null, content, hash);
      }
      return { pushed: false, reason: VOICE_NOT_CONFIGURED };
    }
    if (stored && stored.content_hash === hash && stored.document_id) {
      return { pushed: false, reason: 'unchanged', document_id: stored.document_id };
    }

    const name = `Course knowledge base ${courseId}`;
    const document = await provider.createTextDocument(content, name);
    try {
      await provider.attachToAgent(voice.agentId, document);
    } catch (error) {
      // The agent still uses the old document; the new one would only be litter.
      await provider.deleteDocument(document.id).catch((cleanup: unknown) => {
        deps.log.warn(
          { err: cleanup, documentId: document.id },
          'voice: unattached document left behind',
        );
      });
      throw error;
    }
    await save(courseId, document.id, content, hash);
    const old = stored?.document_id;
    if (old && old !== document.id) {
      await provider.deleteDocument(old).catch((error: unknown) => {
        deps.log.warn({ err: error, documentId: old }, 'voice: replaced document was not deleted');
      });
    }
    return { pushed: true, document_id: document.id };
  }

  async function save(courseId: string, documentId: string | null, content: string, hash: string) {
    await db
      .insert(voiceKnowledgeBases)
      .values({ course_id: courseId, document_id: documentId, content, content_hash: hash })
      .onConflictDoUpdate({
        target: voiceKnowledgeBases.course_id,
        set: { document_id: documentId, content, content_hash: hash, updated_at: sql`now()` },
      });
  }

  /** The student's own progress in the course, as the widget session's dynamic variables. */
  async function dynamicVariables(
    actor: Actor,
    course: { id: string; title: string },
  ): Promise<DynamicVariables> {
    const student = await getUser(deps, actor.id);
    const published = new Set(
      (await assignments.listForCourse(actor, course.id)).map((assignment) => assignment.id),
    );
    const handedIn = (await submissions.listMine(actor, { courseId: course.id }))
      .filter((view) => published.has(view.assignment_id) && view.status !== 'draft')
      .sort(byDueDateThenTitle);
    const graded = handedIn.filter((view) => view.grade !== null);
    return {
      student_name: student?.full_name ?? '',
      course_title: course.title,
      submitted_assignments:
        handedIn.length > 0 ? handedIn.map((view) => view.assignment.title).join('; ') : 'None yet',
      grades_summary:
        graded.length > 0
          ? graded
              .map(
                (view) =>
                  `${view.assignment.title}: ${view.grade} / ${view.assignment.total_points}`,
              )
              .join('; ')
          : 'No grades yet',
    };
  }

  /** The "system" push for a course (the server's own call); serialised per course. */
  function pushCourseContext(courseId: string): Promise<PushResult> {
    return serialised(db, courseId, () => pushNow(courseId));
  }

  /** A push the caller asked for: a provider failure is logged and answers 503. */
  async function requestedPush(courseId: string): Promise<PushResult> {
    try {
      return await pushCourseContext(courseId);
    } catch (error) {
      if (!(error instanceof VoiceProviderError)) throw error;
      deps.log.warn({ err: error, courseId }, 'voice: knowledge base push failed');
      throw voiceUnavailable();
    }
  }

  const isVoiceCourse = (courseId: string) => courseId === voice.courseId;

  return {
    configured,
    pushCourseContext,

    /**
     * POST /api/voice-agent/update-context. A student for themself on the voice course they
     * are enrolled in (answer includes their dynamic variables); the course's teacher with
     * student_id "system". Everything is checked before anything is pushed.
     */
    async updateContext(actor: Actor, input: UpdateContextInput) {
      if (voice.agentId && input.agent_id !== voice.agentId) {
        throw badRequest('This is not the voice agent of this site.');
      }
      const { course, relation } = await loadVisibleCourse(db, actor, input.course_id);

      if (actor.role === 'teacher') {
        if (input.student_id !== 'system') {
          throw forbidden('A teacher can only send the course-level ("system") update.');
        }
        if (!isVoiceCourse(course.id)) throw badRequest('This course has no voice assistant.');
        return requestedPush(course.id);
      }

      if (input.student_id !== actor.id) {
        throw forbidden('You can only update the voice assistant for yourself.');
      }
      if (!isVoiceCourse(course.id)) throw badRequest('This course has no voice assistant.');
      if (relation !== 'enrolled') {
        throw forbidden('Enrol in this course to use its voice assistant.');
      }
      const result = await requestedPush(course.id);
      return { ...result, dynamic_variables: await dynamicVariables(actor, course) };
    },

    /** GET /api/voice-agent/widget: what the course page needs to show the widget, if anything. */
    async widget(actor: Actor, courseId: string) {
      if (actor.role !== 'student' || !isVoiceCourse(courseId) || !voice.agentId) {
        return { enabled: false as const };
      }
      const visible = await loadVisibleCourse(db, actor, courseId).catch((error: unknown) => {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      });
      if (visible?.relation !== 'enrolled') return { enabled: false as const };
      return {
        enabled: true as const,
        agent_id: voice.agentId,
        script_url: voice.widgetScriptUrl,
        dynamic_variables: await dynamicVariables(actor, visible.course),
      };
    },
  };
}

export type VoiceService = ReturnType<typeof createVoiceService>;

/** A provider failure on a request the caller made: 503, details in the log only. */
export const voiceUnavailable = () =>
  new AppError(503, 'SERVICE_UNAVAILABLE', 'The voice provider did not accept the update.');

const byDueDateThenTitle = (
  a: { assignment: { due_date: Date | null; title: string } },
  b: { assignment: { due_date: Date | null; title: string } },
) => {
  const [da, db] = [a.assignment.due_date?.getTime(), b.assignment.due_date?.getTime()];
  if (da !== db) return da === undefined ? 1 : db === undefined ? -1 : da - db;
  return a.assignment.title.localeCompare(b.assignment.title);
};

/**
 * Background pushes run as jobs (one per course at a time; changes arriving while one waits
 * are absorbed into it). A failure is logged by the queue and never reaches the change that
 * triggered it.
 */
export function registerVoiceJobs(jobs: JobQueue, deps: ServiceDeps, client?: ElevenLabsClient) {
  const service = createVoiceService(deps, client);
  jobs.handle<{ courseId: string }>(
    VOICE_PUSH_JOB,
    async ({ courseId }) => {
      const result = await service.pushCourseContext(courseId);
      deps.log.debug({ courseId, result }, 'voice: knowledge base push');
    },
    // The next change pushes again; retrying a provider that is down only adds noise.
    { maxAttempts: 1, timeoutMs: 60_000 },
  );
}

/** What services tell after a write: only the voice course's changes schedule a push. */
export function voiceCourseChanges(
  jobs: JobQueue,
  config: Pick<ServiceDeps['config'], 'voice'>,
  log: Pick<ServiceDeps['log'], 'warn'>,
): CourseChangeListener {
  return {
    courseChanged(courseId) {
      if (courseId !== config.voice.courseId) return;
      jobs.enqueue(VOICE_PUSH_JOB, { courseId }, { key: courseId }).catch((error: unknown) => {
        log.warn({ err: error, courseId }, 'voice: knowledge base push not scheduled');
      });
    },
  };
}
