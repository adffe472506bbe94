// Issue 20's agent findings: a refused or failed request changes nothing and leaves nothing
// pending. Each was a real defect: "publish Lab9\u0000" answered 400 yet published Lab9, "delete
// Lab9\u0000" answered 400 and left a delete that a later "yes" carried out, and "…to
// 275760-01-01" set the due date to today and reported success.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assignments, chatThreads } from '../db/schema';
import { asker, PINNED_NOW } from '../test/agent-helpers';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildAssignment, buildCourse } from '../test/factories';
import { signedInUser } from '../test/sign-in';
import type { AgentEngine } from './agent-engine';
import { runTool } from './agent-tool';
import { createAgentService } from './agent.service';

type User = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let ask: ReturnType<typeof asker>;
let teacher: User;
let courseId: string;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => PINNED_NOW });
  ask = asker(t);
  teacher = await signedInUser(t, 'teacher');
  courseId = (await buildCourse(t.database.db, teacher.id, { title: 'CS500' })).id;
});
afterAll(() => t.close());

async function newThread() {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/chat/threads',
    headers: teacher.headers,
  });
  return response.json<{ id: string }>().id;
}
const row = async (id: string) =>
  (await t.database.db.select().from(assignments).where(eq(assignments.id, id)))[0];
const threadRow = async (id: string) =>
  (await t.database.db.select().from(chatThreads).where(eq(chatThreads.id, id)))[0];
const send = (message: string, threadId: string, url = '/api/agent/test') =>
  t.app.inject({
    method: 'POST',
    url,
    headers: teacher.headers,
    payload: { message, thread_id: threadId },
  });

describe('a request Mylo refuses changes nothing', () => {
  it.each([
    ['publish Lab9 + NUL', 'publish Lab9\u0000', { status: 'draft' }],
    ['make Lab9 worth 7 points + NUL', 'make Lab9 worth 7 points\u0000', { total_points: 100 }],
    ['publish Lab9 + BEL', 'publish Lab9\u0007', { status: 'draft' }],
  ])('answers 400 to "%s" before any tool runs', async (_, message, unchanged) => {
    const lab = await buildAssignment(t.database.db, courseId, {
      title: 'Lab9',
      status: 'draft',
      total_points: 100,
    });
    const thread = await newThread();
    for (const url of ['/api/agent/test', '/api/agent/process']) {
      const response = await send(message, thread, url);
      expect(response.statusCode).toBe(400);
    }
    expect(await row(lab.id)).toMatchObject(unchanged);
    expect((await threadRow(thread))?.message_count).toBe(0);
    await t.database.db.delete(assignments).where(eq(assignments.id, lab.id));
  });

  it('leaves no pending delete after a refused "delete Lab9\\u0000"; a later "yes" deletes nothing', async () => {
    const lab = await buildAssignment(t.database.db, courseId, { title: 'Lab 12' });
    const thread = await newThread();
    expect((await send('delete Lab 12\u0000', thread)).statusCode).toBe(400);
    expect((await threadRow(thread))?.pending_action).toBeNull();
    expect(await ask(teacher, 'yes', { threadId: thread })).toMatchObject({ action_taken: 'help' });
    expect(await row(lab.id)).toBeDefined();
  });

  it('refuses a due date it cannot read instead of guessing one', async () => {
    const due = new Date('2025-04-01T23:59:00.000Z');
    const lab = await buildAssignment(t.database.db, courseId, { title: 'Lab 13', due_date: due });
    for (const message of [
      'move the due date of Lab 13 to 275760-01-01',
      'set the deadline for lab 13 to 0050-03-15',
      'lab 13 is due in the year 3000',
    ]) {
      const reply = await ask(teacher, message);
      expect(reply.success, message).toBe(false);
      expect(reply.response, message).toMatch(/couldn't/);
      expect((await row(lab.id))?.due_date, message).toEqual(due);
    }
  });

  it('rolls a tool’s change back when the turn fails afterwards, and stores no exchange', async () => {
    const lab = await buildAssignment(t.database.db, courseId, {
      title: 'Lab 14',
      status: 'draft',
    });
    const halfway: AgentEngine = {
      name: 'offline',
      async respond({ tools }) {
        await runTool(tools.set_assignment_status, { assignment: lab.id, status: 'published' });
        throw new Error('the engine failed after a tool ran');
      },
    };
    const deps = t.app.serviceDeps;
    const silent = Object.assign(Object.create(t.app.log) as typeof t.app.log, {
      error: () => undefined,
    });
    const agent = createAgentService({
      ...deps,
      log: silent,
      engines: { ...deps.engines, agent: { configuredId: 'offline', get: () => halfway } },
    });
    const thread = await newThread();
    const reply = await agent.processMessage(teacher, {
      message: 'publish lab 14',
      thread_id: thread,
    });
    expect(reply).toMatchObject({ success: false, action_taken: 'error' });
    expect((await row(lab.id))?.status).toBe('draft');
    expect((await threadRow(thread))?.message_count).toBe(0);
  });

  it('keeps a "Did you mean" question pending only until the next message', async () => {
    const lab = await buildAssignment(t.database.db, courseId, {
      title: 'Priority Queues',
      status: 'draft',
    });
    const thread = await newThread();
    const question = await ask(teacher, 'publish priorty queus', { threadId: thread });
    expect(question.response).toContain('Did you mean **Priority Queues** (CS500)?');
    expect((await row(lab.id))?.status).toBe('draft');
    await ask(teacher, 'list my courses', { threadId: thread });
    expect(await ask(teacher, 'yes', { threadId: thread })).toMatchObject({ action_taken: 'help' });
    expect((await row(lab.id))?.status).toBe('draft');

    await ask(teacher, 'publish priorty queus', { threadId: thread });
    expect(await ask(teacher, 'yes', { threadId: thread })).toMatchObject({
      action_taken: 'set_assignment_status',
    });
    expect((await row(lab.id))?.status).toBe('published');
  });
});
