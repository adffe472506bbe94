// Mylo chat threads and messages: a teacher's own only (DESIGN §7). Recording an exchange
// updates the thread's count and last-message time in the same transaction (SPEC §7).
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { CHAT } from '@domain/limits';
import { chatMessages, chatThreads } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { requireRole, type Actor } from '../policies/actor';
import { loadOwnThread } from '../policies/chat-thread.policy';

/** Something Mylo asked the teacher to confirm, kept on the thread until answered. */
export type PendingAction = { kind: string; [detail: string]: unknown };

export function createChatService({ db, clock }: ServiceDeps) {
  return {
    async listThreads(actor: Actor) {
      requireRole(actor, 'teacher');
      return db
        .select()
        .from(chatThreads)
        .where(eq(chatThreads.user_id, actor.id))
        .orderBy(desc(chatThreads.updated_at), desc(chatThreads.id));
    },

    async createThread(actor: Actor, input: { title?: string }) {
      requireRole(actor, 'teacher');
      const [thread] = await db
        .insert(chatThreads)
        .values({ user_id: actor.id, title: input.title ?? CHAT.defaultThreadTitle })
        .returning();
      if (!thread) throw new Error('thread was not inserted');
      return thread;
    },

    async renameThread(actor: Actor, threadId: string, title: string) {
      await loadOwnThread(db, actor, threadId);
      const [thread] = await db
        .update(chatThreads)
        .set({ title, updated_at: clock() })
        .where(eq(chatThreads.id, threadId))
        .returning();
      if (!thread) throw new Error('thread was not updated');
      return thread;
    },

    async deleteThread(actor: Actor, threadId: string) {
      await loadOwnThread(db, actor, threadId);
      await db.delete(chatThreads).where(eq(chatThreads.id, threadId));
    },

    /** The thread's exchanges, oldest first (also the agent's conversation history). */
    async listMessages(actor: Actor, threadId: string) {
      await loadOwnThread(db, actor, threadId);
      return db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.thread_id, threadId))
        .orderBy(asc(chatMessages.created_at), asc(chatMessages.id));
    },

    /** Stores one exchange and bumps the thread's counters, all or nothing. */
    async addExchange(
      actor: Actor,
      threadId: string,
      exchange: { message: string; response?: string | null },
    ) {
      await loadOwnThread(db, actor, threadId);
      return db.transaction(async (tx) => {
        const [message] = await tx
          .insert(chatMessages)
          .values({
            thread_id: threadId,
            user_id: actor.id,
            message: exchange.message,
            response: exchange.response ?? null,
          })
          .returning();
        if (!message) throw new Error('message was not inserted');
        await tx
          .update(chatThreads)
          .set({
            message_count: sql`${chatThreads.message_count} + 1`,
            last_message_at: message.created_at,
            updated_at: message.created_at,
          })
          .where(and(eq(chatThreads.id, threadId), eq(chatThreads.user_id, actor.id)));
        return message;
      });
    },

    /** What the thread waits for the teacher to confirm (null clears it). */
    async setPendingAction(actor: Actor, threadId: string, action: PendingAction | null) {
      await loadOwnThread(db, actor, threadId);
      await db
        .update(chatThreads)
        .set({ pending_action: action })
        .where(eq(chatThreads.id, threadId));
    },

    async pendingAction(actor: Actor, threadId: string): Promise<PendingAction | null> {
      const thread = await loadOwnThread(db, actor, threadId);
      return (thread.pending_action as PendingAction | null) ?? null;
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
