import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { assignments, chatThreads } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment, buildCourse } from '../test/factories';
import { signedInUser } from '../test/sign-in';
import type { AgentEngine } from './agent-engine';
import { asker, PINNED_NOW } from '../test/agent-helpers';
import { createAgentService } from './agent.service';

type User = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let ask: ReturnType<typeof asker>;
let teacher: User, otherTeacher: User, student: User;
let courseId: string;

const CONFIRM = (title: string) =>
  `Are you sure you want to delete "${title}"? This action cannot be undone. Reply **yes** to confirm or **no** to cancel.`;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => PINNED_NOW });
  ask = asker(t);
  teacher = await signedInUser(t, 'teacher');
  otherTeacher = await signedInUser(t, 'teacher');
  student = await signedInUser(t, 'student');
  courseId = (await buildCourse(t.database.db, teacher.id, { title: 'CS500' })).id;
});
afterAll(() => t.close());

async function newThread(user: User) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/chat/threads',
    headers: user.headers,
  });
  return response.json<{ id: string }>().id;
}
const exists = async (id: string) =>
  (await t.database.db.select().from(assignments).where(eq(assignments.id, id))).length === 1;

describe('deleting an assignment needs "yes" in the same thread', () => {
  it('proposes, ignores a "yes" in another thread, and deletes on "yes" in the same thread', async () => {
    const lab = await buildAssignment(t.database.db, courseId, { title: 'Lab 9' });
    const [thread, elsewhere] = [await newThread(teacher), await newThread(teacher)];

    const proposal = await ask(teacher, 'delete lab 9', { threadId: thread });
    expect(proposal).toMatchObject({
      success: true,
      action_taken: 'confirm_required',
      response: CONFIRM('Lab 9'),
    });
    expect(await exists(lab.id)).toBe(true);

    expect(await ask(teacher, 'yes', { threadId: elsewhere })).toMatchObject({
      action_taken: 'help',
    });
    expect(await ask(teacher, 'yes')).toMatchObject({ action_taken: 'help' });
    expect(await exists(lab.id)).toBe(true);

    const done = await ask(teacher, 'Yes!', { threadId: thread });
    expect(done).toMatchObject({ success: true, action_taken: 'delete_assignment' });
    expect(await exists(lab.id)).toBe(false);
    expect(await ask(teacher, 'yes', { threadId: thread })).toMatchObject({ action_taken: 'help' });
  });

  it('cancels on "no", and any other message drops the proposal', async () => {
    const lab = await buildAssignment(t.database.db, courseId, { title: 'Lab 10' });
    const thread = await newThread(teacher);
    await ask(teacher, 'delete Lab 10', { threadId: thread });
    expect(await ask(teacher, 'no', { threadId: thread })).toMatchObject({
      action_taken: 'cancelled',
    });
    expect(await ask(teacher, 'yes', { threadId: thread })).toMatchObject({ action_taken: 'help' });

    await ask(teacher, 'delete Lab 10', { threadId: thread });
    expect(await ask(teacher, 'list my courses', { threadId: thread })).toMatchObject({
      action_taken: 'list_courses',
    });
    expect(await ask(teacher, 'yes', { threadId: thread })).toMatchObject({ action_taken: 'help' });
    expect(await exists(lab.id)).toBe(true);
  });

  it('does not propose a delete outside a thread', async () => {
    const lab = await buildAssignment(t.database.db, courseId, { title: 'Lab 11' });
    expect(await ask(teacher, 'delete lab 11')).toMatchObject({
      success: false,
      action_taken: 'confirm_unavailable',
    });
    expect(await exists(lab.id)).toBe(true);
  });
});

describe('exchanges and threads', () => {
  it('stores each exchange on the thread and bumps its counters', async () => {
    const thread = await newThread(teacher);
    const first = await ask(teacher, 'list my courses', { threadId: thread });
    expect(first.message).toMatchObject({
      thread_id: thread,
      message: 'list my courses',
      response: first.response,
    });
    await ask(teacher, 'Explain the features of this platform', {
      threadId: thread,
      url: '/api/agent/process',
    });
    const messages = await t.app.inject({
      method: 'GET',
      url: `/api/chat/threads/${thread}/messages`,
      headers: teacher.headers,
    });
    expect(messages.json<{ items: { message: string }[] }>().items.map((m) => m.message)).toEqual([
      'list my courses',
      'Explain the features of this platform',
    ]);
    const [row] = await t.database.db.select().from(chatThreads).where(eq(chatThreads.id, thread));
    expect(row?.message_count).toBe(2);
    expect(row?.last_message_at).not.toBeNull();
  });

  it('answers 404 for another teacher’s thread and stores nothing', async () => {
    const thread = await newThread(teacher);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/agent/process',
      headers: otherTeacher.headers,
      payload: { message: 'list my courses', thread_id: thread },
    });
    expect(response.statusCode).toBe(404);
    const [row] = await t.database.db.select().from(chatThreads).where(eq(chatThreads.id, thread));
    expect(row?.message_count).toBe(0);
  });
});

describe('who may ask, and what', () => {
  it.each(['/api/agent/process', '/api/agent/test', '/api/agent/generate-thread-title'])(
    'refuses students (403) and anonymous callers (401) at %s',
    async (url) => {
      const payload = { message: 'list my courses', first_message: 'list my courses' };
      const asStudent = await t.app.inject({
        method: 'POST',
        url,
        headers: student.headers,
        payload,
      });
      expect(asStudent.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url, payload })).statusCode).toBe(401);
    },
  );

  it.each([
    ['blank', '   '],
    ['too long', 'x'.repeat(4001)],
  ])('rejects a %s message with 400', async (_, message) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/agent/process',
      headers: teacher.headers,
      payload: { message },
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers an engine fault with SPEC’s error text, logged, not stored', async () => {
    const error = vi.fn();
    const log = Object.assign(Object.create(t.app.log) as typeof t.app.log, { error });
    const broken: AgentEngine = {
      name: 'offline',
      respond: () => Promise.reject(new Error('model down')),
    };
    const deps = t.app.serviceDeps;
    const agent = createAgentService({
      ...deps,
      log,
      engines: { ...deps.engines, agent: { configuredId: 'offline', get: () => broken } },
    });
    const thread = await newThread(teacher);
    const reply = await agent.processMessage(teacher, {
      message: 'list my courses',
      thread_id: thread,
    });
    expect(reply).toEqual({
      success: false,
      action_taken: 'error',
      response: "I'm sorry, I encountered an error processing your request. Please try again.",
      data: null,
    });
    expect(error).toHaveBeenCalledOnce();
    const [row] = await t.database.db.select().from(chatThreads).where(eq(chatThreads.id, thread));
    expect(row?.message_count).toBe(0);
  });
});

describe('thread titles', () => {
  const title = async (first_message: string, url = '/api/agent/generate-thread-title') => {
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: teacher.headers,
      payload: { first_message },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ success: boolean; title: string; error?: string }>();
  };

  it('summarises the first request in at most six Title Case words', async () => {
    expect(await title('create an assignment called Lab 1 in CS500 worth 50 points')).toEqual({
      success: true,
      title: 'New Assignment Lab 1',
    });
    expect(
      await title(
        'How many students submitted homework 1?',
        '/api/agent/test/generate-thread-title',
      ),
    ).toEqual({
      success: true,
      title: 'Submissions for Homework 1',
    });
    const free = await title('what is the weather like in paris today my friend');
    expect(free).toEqual({ success: true, title: 'What Is the Weather Like in' });
  });

  it('falls back to the first three words when no title can be made', async () => {
    expect(await title('!!! ??? ... ***')).toEqual({
      success: false,
      error: 'Could not summarise the first message.',
      title: '!!! ??? ...',
    });
  });
});
