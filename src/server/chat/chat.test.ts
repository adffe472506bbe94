import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages, chatThreads } from '../db/schema';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { signedInUser } from '../test/sign-in';

type User = Awaited<ReturnType<typeof signedInUser>>;
let t: TestApp;
let teacher: User, otherTeacher: User, student: User;

beforeAll(async () => {
  t = await buildTestApp();
  teacher = await signedInUser(t, 'teacher');
  otherTeacher = await signedInUser(t, 'teacher');
  student = await signedInUser(t, 'student');
});
afterAll(() => t.close());

const newThread = async (user = teacher, payload?: object) =>
  (
    await t.app.inject({ method: 'POST', url: '/api/chat/threads', headers: user.headers, payload })
  ).json();
const addMessage = (threadId: string, payload: object, user = teacher) =>
  t.app.inject({
    method: 'POST',
    url: `/api/chat/threads/${threadId}/messages`,
    headers: user.headers,
    payload,
  });

describe('chat threads', () => {
  it("start as 'New Chat' with no messages", async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/chat/threads',
      headers: teacher.headers,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      title: 'New Chat',
      message_count: 0,
      last_message_at: null,
      user_id: teacher.id,
    });
  });

  it('list only the teacher’s own threads, most recently updated first', async () => {
    const older = await newThread();
    const newer = await newThread();
    await newThread(otherTeacher);
    await addMessage(older.id, { message: 'bump' });
    const items = (
      await t.app.inject({ url: '/api/chat/threads', headers: teacher.headers })
    ).json().items;
    expect(items.every((thread: { user_id: string }) => thread.user_id === teacher.id)).toBe(true);
    const ids = items.map((thread: { id: string }) => thread.id);
    expect(ids.indexOf(older.id)).toBeLessThan(ids.indexOf(newer.id));
  });

  it('can be renamed and deleted with their messages', async () => {
    const thread = await newThread();
    await addMessage(thread.id, { message: 'hello', response: 'hi' });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/chat/threads/${thread.id}`,
      headers: teacher.headers,
      payload: { title: 'Lab planning' },
    });
    expect(renamed.json().title).toBe('Lab planning');
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/chat/threads/${thread.id}`,
      headers: teacher.headers,
    });
    expect(deleted.statusCode).toBe(204);
    expect(
      await t.database.db.select().from(chatMessages).where(eq(chatMessages.thread_id, thread.id)),
    ).toEqual([]);
  });

  it('are invisible to another teacher (404), closed to students (403) and anonymous callers (401)', async () => {
    const thread = await newThread();
    const url = `/api/chat/threads/${thread.id}`;
    expect(
      (await t.app.inject({ url: `${url}/messages`, headers: otherTeacher.headers })).statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url,
          headers: otherTeacher.headers,
          payload: { title: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url, headers: otherTeacher.headers })).statusCode,
    ).toBe(404);
    expect((await addMessage(thread.id, { message: 'sneaky' }, otherTeacher)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/api/chat/threads', headers: student.headers })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/chat/threads' })).statusCode).toBe(401);
    const [row] = await t.database.db
      .select()
      .from(chatThreads)
      .where(eq(chatThreads.id, thread.id));
    expect(row?.message_count).toBe(0);
  });
});

describe('chat messages', () => {
  it('are stored oldest first and update the thread’s count and last-message time together', async () => {
    const thread = await newThread();
    const first = await addMessage(thread.id, { message: '  first  ', response: 'one' });
    await addMessage(thread.id, { message: 'second' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ message: 'first', response: 'one' });
    const messages = (
      await t.app.inject({
        url: `/api/chat/threads/${thread.id}/messages`,
        headers: teacher.headers,
      })
    ).json().items;
    expect(messages.map((m: { message: string }) => m.message)).toEqual(['first', 'second']);
    const [row] = await t.database.db
      .select()
      .from(chatThreads)
      .where(eq(chatThreads.id, thread.id));
    expect(row?.message_count).toBe(2);
    expect(row?.last_message_at?.toISOString()).toBe(messages[1].created_at);
  });

  it.each([
    ['a blank message', { message: '   ' }, 'Message cannot be empty.'],
    [
      'an over-long message',
      { message: 'x'.repeat(4001) },
      'Message must be at most 4000 characters.',
    ],
  ])('refuses %s with a 400 and stores nothing', async (_label, payload, text) => {
    const thread = await newThread();
    const response = await addMessage(thread.id, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toContain(text);
    const [row] = await t.database.db
      .select()
      .from(chatThreads)
      .where(eq(chatThreads.id, thread.id));
    expect(row?.message_count).toBe(0);
  });
});
