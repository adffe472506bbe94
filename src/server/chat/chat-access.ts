import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { chatMessages, chatThreads } from '../db/schema';
import { notFound } from '../errors';
import type { Actor } from '../plugins/auth';

export type ChatThreadRow = typeof chatThreads.$inferSelect;

/** A thread belongs to one teacher; anyone else is told it does not exist (DESIGN §7). */
export async function loadOwnThread(db: Database, actor: Actor, threadId: string) {
  const [thread] = await db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.id, threadId), eq(chatThreads.user_id, actor.id)));
  if (!thread) throw notFound('Chat thread');
  return thread;
}

/** The thread's exchanges, oldest first (the agent's conversation history). */
export async function loadThreadMessages(db: Database, actor: Actor, threadId: string) {
  await loadOwnThread(db, actor, threadId);
  return db
    .select()
    .from(chatMessages)
    .where(eq(chatMessages.thread_id, threadId))
    .orderBy(asc(chatMessages.created_at), asc(chatMessages.id));
}
