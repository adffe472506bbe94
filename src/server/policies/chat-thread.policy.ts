// Mylo chat threads belong to one teacher (DESIGN §7); anyone else is told a thread does not
// exist, and students have no threads at all.
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { chatThreads } from '../db/schema';
import { notFound } from '../errors';
import { requireRole, type Actor } from './actor';

export async function loadOwnThread(db: Database, actor: Actor, threadId: string) {
  requireRole(actor, 'teacher');
  const [thread] = await db
    .select()
    .from(chatThreads)
    .where(and(eq(chatThreads.id, threadId), eq(chatThreads.user_id, actor.id)));
  if (!thread) throw notFound('Chat thread');
  return thread;
}
