// The voice assistant for the configured course (SPEC §1, §7 update-context; DESIGN §9).
// Pushing: build the course's knowledge base, skip when its hash is unchanged, else create the
// new provider document, attach it to the agent, then delete the one it replaced. Without an
// API key or agent id the document is kept in voice_knowledge_bases only and the push says
// voice is not configured. A student's own progress goes only into their widget session's
// dynamic variables, never into the shared document.
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  assignments,
  courses,
  enrollments,
  submissions,
  users,
  voiceKnowledgeBases,
} from '../db/schema';
import type { ServiceDeps } from '../deps';
import { AppError, badRequest, forbidden, notFound } from '../errors';
import type { Actor } from '../plugins/auth';
import {
  createElevenLabsClient,
  VoiceProviderError,
  type ElevenLabsClient,
} from './elevenlabs-client';
import { buildCourseKnowledgeBase, contentHash } from './knowledge-base';

export const VOICE_NOT_CONFIGURED =
  'Voice is not configured (set ELEVENLABS_API_KEY and VOICE_AGENT_ID).';

export type PushResult =
  | { pushed: true; document_id: string }
  | { pushed: false; reason: string; document_id?: string | null };

export type DynamicVariables = Record<string, string>;

export interface UpdateContextInput {
  student_id: string;
  course_id: string;
  agent_id: string;
}

/** What ServiceDeps.voice offers the other services: a fire-and-forget "this course changed". */
export interface VoiceNotifier {
  /** Schedules a "system" push when courseId is the voice course; never throws. */
  courseChanged(courseId: string): void;
  /** Resolves once every scheduled push has finished (tests, shutdown). */
  flush(): Promise<void>;
}

type VoiceDeps = Pick<ServiceDeps, 'db' | 'config' | 'log'>;

/** One push at a time per course, so "create, attach, delete old" never interleave. */
const queues = new WeakMap<object, Map<string, Promise<unknown>>>();

export function createVoiceService(deps: VoiceDeps, client?: ElevenLabsClient) {
  const { db, config } = deps;
  const voice = config.voice;
  const provider =
    client ??
    (voice.apiKey
      ? createElevenLabsClient({ baseUrl: voice.baseUrl, apiKey: voice.apiKey })
      : null);
  const configured = Boolean(voice.apiKey && voice.agentId && provider);

  let perCourse = queues.get(db);
  if (!perCourse) {
    perCourse = new Map();
    queues.set(db, perCourse);
  }
  const chains = perCourse;

  function serialised<T>(courseId: string, task: () => Promise<T>): Promise<T> {
    const previous = chains.get(courseId) ?? Promise.resolve();
    const next = previous.then(task, task);
    const settled = next.catch(() => undefined);
    chains.set(courseId, settled);
    void settled.then(() => {
      if (chains.get(courseId) === settled) chains.delete(courseId);
    });
    return next;
  }

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

  async function isEnrolled(courseId: string, studentId: string) {
    const [row] = await db
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(and(eq(enrollments.course_id, courseId), eq(enrollments.student_id, studentId)));
    return Boolean(row);
  }

  /** The student's own progress in the course, as the widget session's dynamic variables. */
  async function dynamicVariables(courseId: string, studentId: string): Promise<DynamicVariables> {
    const [student] = await db
      .select({ full_name: users.full_name })
      .from(users)
      .where(eq(users.id, studentId));
    const [course] = await db
      .select({ title: courses.title })
      .from(courses)
      .where(eq(courses.id, courseId));
    const rows = await db
      .select({
        title: assignments.title,
        total_points: assignments.total_points,
        status: submissions.status,
        grade: submissions.grade,
      })
      .from(submissions)
      .innerJoin(assignments, eq(assignments.id, submissions.assignment_id))
      .where(
        and(
          eq(assignments.course_id, courseId),
          eq(assignments.status, 'published'),
          eq(submissions.student_id, studentId),
        ),
      )
      .orderBy(sql`${assignments.due_date} asc nulls last`, asc(assignments.title));
    const handedIn = rows.filter((row) => row.status !== 'draft');
    const graded = handedIn.filter((row) => row.status === 'graded' && row.grade !== null);
    return {
      student_name: student?.full_name ?? '',
      course_title: course?.title ?? '',
      submitted_assignments:
        handedIn.length > 0 ? handedIn.map((row) => row.title).join('; ') : 'None yet',
      grades_summary:
        graded.length > 0
          ? graded.map((row) => `${row.title}: ${row.grade} / ${row.total_points}`).join('; ')
          : 'No grades yet',
    };
  }

  /** The "system" push for a course (the server's own call); serialised per course. */
  function pushCourseContext(courseId: string): Promise<PushResult> {
    return serialised(courseId, () => pushNow(courseId));
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
      const [course] = await db
        .select({ id: courses.id, teacher_id: courses.teacher_id })
        .from(courses)
        .where(eq(courses.id, input.course_id));
      if (!course) throw notFound('Course');

      if (actor.role === 'teacher') {
        if (course.teacher_id !== actor.id) throw notFound('Course');
        if (input.student_id !== 'system') {
          throw forbidden('A teacher can only send the course-level ("system") update.');
        }
        if (course.id !== voice.courseId) throw badRequest('This course has no voice assistant.');
        return requestedPush(course.id);
      }

      if (input.student_id !== actor.id) {
        throw forbidden('You can only update the voice assistant for yourself.');
      }
      if (course.id !== voice.courseId) throw badRequest('This course has no voice assistant.');
      if (!(await isEnrolled(course.id, actor.id))) {
        throw forbidden('Enrol in this course to use its voice assistant.');
      }
      const result = await requestedPush(course.id);
      return { ...result, dynamic_variables: await dynamicVariables(course.id, actor.id) };
    },

    /** GET /api/voice-agent/widget: what the course page needs to show the widget, if anything. */
    async widget(actor: Actor, courseId: string) {
      const enabled =
        actor.role === 'student' &&
        courseId === voice.courseId &&
        Boolean(voice.agentId) &&
        (await isEnrolled(courseId, actor.id));
      if (!enabled || !voice.agentId) return { enabled: false as const };
      return {
        enabled: true as const,
        agent_id: voice.agentId,
        script_url: voice.widgetScriptUrl,
        dynamic_variables: await dynamicVariables(courseId, actor.id),
      };
    },
  };
}

export type VoiceService = ReturnType<typeof createVoiceService>;

/** A provider failure on a request the caller made: 503, details in the log only. */
export const voiceUnavailable = () =>
  new AppError(503, 'SERVICE_UNAVAILABLE', 'The voice provider did not accept the update.');

/**
 * The notifier the services call after a successful write. Only the voice course is pushed;
 * a failure is logged via deps.log and never reaches the change that triggered it. Changes
 * arriving while a push runs coalesce into one more push.
 */
export function createVoiceNotifier(deps: VoiceDeps, client?: ElevenLabsClient): VoiceNotifier {
  const service = createVoiceService(deps, client);
  const running = new Set<Promise<void>>();
  let queued: Promise<void> | null = null;

  function schedule(courseId: string) {
    if (queued) return; // a push not yet started will already see this change
    let start!: () => void;
    const gate = new Promise<void>((resolve) => (start = resolve));
    const task = gate
      .then(() => {
        queued = null;
        return service.pushCourseContext(courseId);
      })
      .then(
        (result) => {
          deps.log.debug({ courseId, result }, 'voice: knowledge base push');
        },
        (error: unknown) => {
          deps.log.warn({ err: error, courseId }, 'voice: knowledge base push failed');
        },
      );
    queued = task;
    running.add(task);
    void task.finally(() => running.delete(task));
    // Let the triggering request finish first.
    setImmediate(start);
  }

  return {
    courseChanged(courseId) {
      if (courseId !== deps.config.voice.courseId) return;
      try {
        schedule(courseId);
      } catch (error) {
        deps.log.warn({ err: error, courseId }, 'voice: knowledge base push not scheduled');
      }
    },
    async flush() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
