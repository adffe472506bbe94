import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_VOICE_COURSE_ID } from '../config';
import { courses, submissions, voiceKnowledgeBases } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment, buildCourse, enrol } from '../test/factories';
import { startFakeElevenLabs, type FakeElevenLabs } from '../test/fakes/fake-elevenlabs';
import { signedInUser } from '../test/sign-in';
import { submit, uploaded } from '../test/uploads';
import { VOICE_NOT_CONFIGURED, VOICE_PUSH_JOB } from './voice.service';

const API_KEY = 'xi-test-key';
const AGENT_ID = 'agent_cs500';
const STUDENT_NAME = 'Zebedee Quarrington';
const SECRET_FEEDBACK = 'Zebedee wrote a lovely parser';

type SignedIn = Awaited<ReturnType<typeof signedInUser>>;

let fake: FakeElevenLabs;
let t: TestApp;

async function voiceCourse(app: TestApp) {
  const db = app.database.db;
  const teacher = await signedInUser(app, 'teacher', 'Grace Hopper');
  const student = await signedInUser(app, 'student', STUDENT_NAME);
  const course = await buildCourse(db, teacher.id, {
    id: DEMO_VOICE_COURSE_ID,
    title: 'CS500 Compilers',
    description: 'From source text to machine code.',
  });
  const parser = await buildAssignment(db, course.id, {
    title: 'Parser',
    description: 'Write a recursive-descent parser.',
    due_date: new Date('2026-03-06T23:59:00Z'),
    total_points: 50,
    rubric_markdown: '## Correctness\n- Parses every sample (30 points)',
  });
  await buildAssignment(db, course.id, { title: 'Unreleased draft', status: 'draft' });
  await enrol(db, course.id, student.id);
  await db.insert(submissions).values({
    assignment_id: parser.id,
    student_id: student.id,
    status: 'graded',
    grade: 42.5,
    feedback: SECRET_FEEDBACK,
    submitted_at: new Date('2026-03-05T10:00:00Z'),
  });
  return { teacher, student, course, parser };
}

function updateContext(user: SignedIn | null, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/api/voice-agent/update-context',
    ...(user && { headers: user.headers }),
    payload: body,
  });
}

const system = { student_id: 'system', course_id: DEMO_VOICE_COURSE_ID, agent_id: AGENT_ID };

async function storedRow() {
  const [row] = await t.database.db
    .select()
    .from(voiceKnowledgeBases)
    .where(eq(voiceKnowledgeBases.course_id, DEMO_VOICE_COURSE_ID));
  return row;
}

/** Makes the stored document look outdated, so the next push must reach the provider. */
async function markStale() {
  await t.database.db
    .update(voiceKnowledgeBases)
    .set({ content_hash: 'stale' })
    .where(eq(voiceKnowledgeBases.course_id, DEMO_VOICE_COURSE_ID));
}

const calls = () => fake.requests.map((r) => `${r.method} ${r.path}`);

describe('voice with a provider key', () => {
  let teacher: SignedIn;
  let student: SignedIn;
  let parserId: string;

  // One app and one fake for the whole block; each test starts from a fresh voice course (its
  // rows and knowledge base go with the course) and a fake that has seen nothing.
  beforeAll(async () => {
    fake = await startFakeElevenLabs({ apiKey: API_KEY });
    t = await buildTestApp({
      env: { ELEVENLABS_API_KEY: API_KEY, VOICE_AGENT_ID: AGENT_ID, ELEVENLABS_BASE_URL: fake.url },
    });
  });

  beforeEach(async () => {
    await t.app.jobs.drain();
    await t.database.db.delete(courses).where(eq(courses.id, DEMO_VOICE_COURSE_ID));
    fake.reset();
    ({
      teacher,
      student,
      parser: { id: parserId },
    } = await voiceCourse(t));
  });

  afterEach(() => vi.restoreAllMocks());

  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('creates the document, attaches it, then deletes the one it replaced, with no student data', async () => {
    const first = await updateContext(teacher, system);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ pushed: true, document_id: 'doc_0001' });
    expect(calls()).toEqual([
      'POST /v1/convai/knowledge-base/text',
      `PATCH /v1/convai/agents/${AGENT_ID}`,
    ]);
    expect(fake.requests.every((r) => r.apiKey === API_KEY)).toBe(true);
    expect(fake.requests[1]?.body).toEqual({
      conversation_config: {
        agent: {
          prompt: {
            knowledge_base: [
              {
                type: 'text',
                name: `Course knowledge base ${DEMO_VOICE_COURSE_ID}`,
                id: 'doc_0001',
                usage_mode: 'auto',
              },
            ],
          },
        },
      },
    });

    const text = fake.documents.get('doc_0001')?.text ?? '';
    expect(text).toContain('# CS500 Compilers');
    expect(text).toContain('Teacher: Grace Hopper');
    expect(text).toContain('From source text to machine code.');
    expect(text).toContain('### Parser');
    expect(text).toContain('- Due: Friday, March 6, 2026 at 11:59 PM UTC');
    expect(text).toContain('- Points: 50');
    expect(text).toContain('Parses every sample (30 points)');
    expect(text).not.toContain('Unreleased draft');
    for (const request of fake.requests) {
      for (const secret of ['Zebedee', 'Quarrington', '42.5', SECRET_FEEDBACK, student.id]) {
        expect(request.rawBody).not.toContain(secret);
      }
    }
    expect((await storedRow())?.content).toBe(text);
    expect((await storedRow())?.document_id).toBe('doc_0001');

    // A course edit: a new document replaces the old one, in that order.
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/courses/${DEMO_VOICE_COURSE_ID}`,
      headers: teacher.headers,
      payload: { description: 'Now with optimisation.' },
    });
    expect(edit.statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(calls().slice(2)).toEqual([
      'POST /v1/convai/knowledge-base/text',
      `PATCH /v1/convai/agents/${AGENT_ID}`,
      'DELETE /v1/convai/knowledge-base/doc_0001',
    ]);
    expect([...fake.documents.keys()]).toEqual(['doc_0002']);
    expect(fake.documents.get('doc_0002')?.text).toContain('Now with optimisation.');

    // Same content again: nothing goes to the provider.
    const again = await updateContext(teacher, system);
    expect(again.json()).toEqual({ pushed: false, reason: 'unchanged', document_id: 'doc_0002' });
    expect(fake.requests).toHaveLength(5);
  });

  it('gives a student their own progress as dynamic variables, never in the document', async () => {
    const response = await updateContext(student, { ...system, student_id: student.id });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      pushed: true,
      document_id: 'doc_0001',
      dynamic_variables: {
        student_name: STUDENT_NAME,
        course_title: 'CS500 Compilers',
        submitted_assignments: 'Parser',
        grades_summary: 'Parser: 42.5 / 50',
      },
    });
    expect(fake.documents.get('doc_0001')?.text).not.toContain('Zebedee');
    expect((await storedRow())?.content).not.toContain('42.5');
  });

  it('pushes after course, assignment, enrolment and submission changes', async () => {
    await updateContext(teacher, system);
    const creates = () => fake.requests.filter((r) => r.method === 'POST').length;
    expect(creates()).toBe(1);

    // Assignment created published.
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${DEMO_VOICE_COURSE_ID}/assignments`,
      headers: teacher.headers,
      payload: { title: 'Type checker', total_points: 40, status: 'draft' },
    });
    expect(created.statusCode).toBe(201);
    await t.app.jobs.drain();
    expect(creates()).toBe(1); // a draft changes nothing students may know

    // Published.
    const published = await t.app.inject({
      method: 'PATCH',
      url: `/api/assignments/${created.json<{ id: string }>().id}`,
      headers: teacher.headers,
      payload: { status: 'published' },
    });
    expect(published.statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(creates()).toBe(2);
    expect(fake.documents.get('doc_0002')?.text).toContain('### Type checker');

    // Course edit.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/courses/${DEMO_VOICE_COURSE_ID}`,
      headers: teacher.headers,
      payload: { title: 'CS500 Compilers and Interpreters' },
    });
    await t.app.jobs.drain();
    expect(creates()).toBe(3);

    // Enrolment and submission change no course-level fact, so with the stored document
    // marked stale the push they trigger is what reaches the fake.
    await markStale();
    const newcomer = await signedInUser(t, 'student', 'Newcomer Student');
    const enrolled = await t.app.inject({
      method: 'POST',
      url: `/api/courses/${DEMO_VOICE_COURSE_ID}/enrollments`,
      headers: newcomer.headers,
    });
    expect(enrolled.statusCode).toBe(201);
    await t.app.jobs.drain();
    expect(creates()).toBe(4);

    await markStale();
    const file = await uploaded(t, newcomer, parserId);
    const submitted = await submit(t, newcomer, parserId, file);
    expect(submitted.statusCode).toBe(200);
    await t.app.jobs.drain();
    expect(creates()).toBe(5);
    for (const request of fake.requests) expect(request.rawBody).not.toContain('Newcomer');

    // Changes to another course push nothing.
    const other = await buildCourse(t.database.db, teacher.id, { title: 'Other' });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/courses/${other.id}`,
      headers: teacher.headers,
      payload: { title: 'Other course' },
    });
    await t.app.jobs.drain();
    expect(creates()).toBe(5);
  });

  it('logs a failed push and the change that triggered it still succeeds', async () => {
    await updateContext(teacher, system);
    const warn = vi.spyOn(t.app.log, 'warn');
    fake.failNext('create', 500);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/courses/${DEMO_VOICE_COURSE_ID}`,
      headers: teacher.headers,
      payload: { description: 'Changed while the provider is down.' },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ description: 'Changed while the provider is down.' });
    await t.app.jobs.drain();
    expect(warn).toHaveBeenCalledWith(
      expect.objectContaining({ kind: VOICE_PUSH_JOB }),
      'background job failed',
    );
    expect((await storedRow())?.document_id).toBe('doc_0001');

    // An attach failure removes the unattached new document and keeps the old one.
    fake.failNext('attach', 502);
    const response = await updateContext(teacher, system);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
    expect([...fake.documents.keys()]).toEqual(['doc_0001']);
    expect((await storedRow())?.document_id).toBe('doc_0001');

    // The next push goes through.
    const retry = await updateContext(teacher, system);
    expect(retry.json()).toMatchObject({ pushed: true });
    expect([...fake.documents.keys()]).toHaveLength(1);
  });

  it('refuses bad callers and input with a clear 4xx and pushes nothing', async () => {
    const db = t.database.db;
    const otherStudent = await signedInUser(t, 'student', 'Other Student');
    const outsider = await signedInUser(t, 'student', 'Not Enrolled');
    const otherTeacher = await signedInUser(t, 'teacher', 'Other Teacher');
    const otherCourse = await buildCourse(db, teacher.id, { title: 'Not the voice course' });
    await enrol(db, otherCourse.id, student.id);
    await enrol(db, DEMO_VOICE_COURSE_ID, otherStudent.id);
    const self = { ...system, student_id: student.id };

    const cases: [SignedIn | null, Record<string, unknown>, number][] = [
      [null, self, 401],
      [student, { ...self, student_id: otherStudent.id }, 403],
      [student, system, 403],
      [student, { ...self, course_id: randomUUID() }, 404],
      [student, { ...self, course_id: otherCourse.id }, 400],
      [outsider, { ...self, student_id: outsider.id }, 403],
      [student, { ...self, agent_id: 'someone-elses-agent' }, 400],
      [student, { ...self, course_id: 'not-a-uuid' }, 400],
      [student, { student_id: student.id }, 400],
      [otherTeacher, system, 404],
      [teacher, { ...system, course_id: otherCourse.id }, 400],
      [teacher, { ...system, student_id: student.id }, 403],
    ];
    for (const [user, body, status] of cases) {
      const response = await updateContext(user, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json()).toHaveProperty('error.message');
    }
    expect(fake.requests).toHaveLength(0);
    expect(await storedRow()).toBeUndefined();

    const ok = await updateContext(otherStudent, { ...self, student_id: otherStudent.id });
    expect(ok.statusCode).toBe(200);
  });

  it('shows the widget to enrolled students of the voice course only', async () => {
    const widget = (user: SignedIn | null, courseId: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/voice-agent/widget?course_id=${courseId}`,
        ...(user && { headers: user.headers }),
      });
    const enabled = await widget(student, DEMO_VOICE_COURSE_ID);
    expect(enabled.statusCode).toBe(200);
    expect(enabled.json()).toEqual({
      enabled: true,
      agent_id: AGENT_ID,
      script_url: 'https://unpkg.com/@elevenlabs/convai-widget-embed',
      dynamic_variables: {
        student_name: STUDENT_NAME,
        course_title: 'CS500 Compilers',
        submitted_assignments: 'Parser',
        grades_summary: 'Parser: 42.5 / 50',
      },
    });

    const other = await buildCourse(t.database.db, teacher.id, { title: 'Other' });
    await enrol(t.database.db, other.id, student.id);
    const outsider = await signedInUser(t, 'student', 'Not Enrolled');
    expect((await widget(teacher, DEMO_VOICE_COURSE_ID)).json()).toEqual({ enabled: false });
    expect((await widget(student, other.id)).json()).toEqual({ enabled: false });
    expect((await widget(outsider, DEMO_VOICE_COURSE_ID)).json()).toEqual({ enabled: false });
    expect((await widget(student, randomUUID())).json()).toEqual({ enabled: false });
    expect((await widget(null, DEMO_VOICE_COURSE_ID)).statusCode).toBe(401);
    expect((await widget(student, 'nope')).statusCode).toBe(400);
    expect(fake.requests).toHaveLength(0);
  });

  it('allows the widget script origin and the provider origins in the CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    expect(response.json()).toMatchObject({ voice: 'configured' });
    const csp = String(response.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `));
    expect(directive('script-src')).toBe("script-src 'self' https://unpkg.com");
    // The fake's loopback origin stands in for https://api.elevenlabs.io here.
    const api = new URL(fake.url);
    expect(directive('connect-src')).toBe(`connect-src 'self' ${api.origin} ws://${api.host}`);
  });
});

describe('voice without a provider key', () => {
  beforeEach(async () => {
    fake = await startFakeElevenLabs();
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  it('keeps the document locally and says voice is not configured', async () => {
    t = await buildTestApp({ env: { VOICE_AGENT_ID: AGENT_ID, ELEVENLABS_BASE_URL: fake.url } });
    const { teacher, student } = await voiceCourse(t);
    const response = await updateContext(teacher, system);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ pushed: false, reason: VOICE_NOT_CONFIGURED });
    const row = await storedRow();
    expect(row?.document_id).toBeNull();
    expect(row?.content).toContain('# CS500 Compilers');
    expect(row?.content).not.toContain('Zebedee');

    const mine = await updateContext(student, { ...system, student_id: student.id });
    expect(mine.json()).toMatchObject({
      pushed: false,
      reason: VOICE_NOT_CONFIGURED,
      dynamic_variables: { student_name: STUDENT_NAME },
    });
    // A change still keeps the local copy current.
    await t.app.inject({
      method: 'PATCH',
      url: `/api/courses/${DEMO_VOICE_COURSE_ID}`,
      headers: teacher.headers,
      payload: { description: 'Updated offline.' },
    });
    await t.app.jobs.drain();
    expect((await storedRow())?.content).toContain('Updated offline.');
    expect(fake.requests).toHaveLength(0);
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.json()).toMatchObject({ voice: 'not configured' });
  });

  it('shows no widget and adds no CSP origins without VOICE_AGENT_ID', async () => {
    t = await buildTestApp({ env: { ELEVENLABS_BASE_URL: fake.url } });
    const { student } = await voiceCourse(t);
    const widget = await t.app.inject({
      method: 'GET',
      url: `/api/voice-agent/widget?course_id=${DEMO_VOICE_COURSE_ID}`,
      headers: student.headers,
    });
    expect(widget.json()).toEqual({ enabled: false });
    const csp = String(widget.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("connect-src 'self';");
  });

  it('uses VOICE_WIDGET_SCRIPT_URL for the script and its origin in the CSP', async () => {
    t = await buildTestApp({
      env: {
        VOICE_AGENT_ID: AGENT_ID,
        VOICE_WIDGET_SCRIPT_URL: 'http://127.0.0.1:4999/fake-widget.js',
      },
    });
    const { student } = await voiceCourse(t);
    const widget = await t.app.inject({
      method: 'GET',
      url: `/api/voice-agent/widget?course_id=${DEMO_VOICE_COURSE_ID}`,
      headers: student.headers,
    });
    expect(widget.json()).toMatchObject({
      enabled: true,
      script_url: 'http://127.0.0.1:4999/fake-widget.js',
    });
    const csp = String(widget.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self' http://127.0.0.1:4999;");
    expect(csp).toContain(
      "connect-src 'self' https://api.elevenlabs.io wss://api.elevenlabs.io wss://livekit.rtc.elevenlabs.io https://livekit.rtc.elevenlabs.io;",
    );
  });
});
