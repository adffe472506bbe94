import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ChatMessage } from '@domain/schemas/chat';
import { queryKeys } from '@web/lib/query-keys';
import { useCreateThread } from './api/create-thread';
import { generateThreadTitle } from './api/generate-thread-title';
import { threadMessagesQueryOptions } from './api/get-thread-messages';
import { processMessage } from './api/process-message';
import { recordMessage } from './api/record-message';
import { updateThreadTitle } from './api/update-thread-title';
import {
  type AssistantStatus,
  CHAT_TEXT,
  canSend,
  replyChangedData,
  statusAfterReply,
} from './chat-logic';

/** The user's message shown before the server has stored it (SPEC §2's optimistic display). */
export interface PendingMessage {
  threadId: string;
  message: string;
  createdAt: string;
}

/**
 * The send flow of SPEC §4, §7 and §8: create a thread when none is selected, ask Mylo (process,
 * then the test endpoint), title the thread after its first exchange, and refresh the teacher
 * screens when Mylo changed something.
 */
export function useSendMessage({
  selectedThreadId,
  onThreadCreated,
  setStatus,
}: {
  selectedThreadId: string | null;
  onThreadCreated: (threadId: string) => void;
  setStatus: (status: AssistantStatus) => void;
}) {
  const queryClient = useQueryClient();
  const createThread = useCreateThread();
  const [pending, setPending] = useState<PendingMessage | null>(null);
  const [lastSendFailed, setLastSendFailed] = useState(false);
  const [isSending, setIsSending] = useState(false);

  const appendMessage = (threadId: string, message: ChatMessage) =>
    queryClient.setQueryData<ChatMessage[]>(queryKeys.chat.messages(threadId), (messages) => [
      ...(messages ?? []).filter((m) => m.id !== message.id),
      message,
    ]);

  async function recordFailure(threadId: string, message: string) {
    const now = new Date().toISOString();
    // Shown at once; replaced by the stored copy when the server takes it.
    const local: ChatMessage = {
      id: `local-${now}`,
      thread_id: threadId,
      user_id: '',
      message,
      response: CHAT_TEXT.sendFailed,
      created_at: now,
      updated_at: now,
    };
    appendMessage(threadId, local);
    try {
      const stored = await recordMessage(threadId, { message, response: CHAT_TEXT.sendFailed });
      queryClient.setQueryData<ChatMessage[]>(queryKeys.chat.messages(threadId), (messages) =>
        (messages ?? []).filter((m) => m.id !== local.id).concat(stored),
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.chat.threads() });
    } catch {
      // The local copy stays on screen; the hint already says to try again.
    }
  }

  async function titleThread(threadId: string, message: string, response: string) {
    const title = await generateThreadTitle(message, response);
    await updateThreadTitle(threadId, title).catch(() => undefined);
    await queryClient.invalidateQueries({ queryKey: queryKeys.chat.threads() });
  }

  async function sendMessage(text: string): Promise<boolean> {
    const message = text.trim();
    if (!canSend(message, isSending)) return false;
    setIsSending(true);
    setStatus('processing');
    setLastSendFailed(false);
    let threadId = selectedThreadId;
    try {
      if (!threadId) {
        const thread = await createThread.mutateAsync();
        threadId = thread.id;
        onThreadCreated(thread.id);
      }
      setPending({ threadId, message, createdAt: new Date().toISOString() });
      const earlier = await queryClient.ensureQueryData(threadMessagesQueryOptions(threadId));
      const isFirstExchange = earlier.length === 0;

      const { reply, processFailed } = await processMessage(message, threadId);
      // The stored exchange replaces the optimistic copy, never shows beside it.
      if (reply.message) {
        setPending(null);
        appendMessage(threadId, reply.message);
      } else {
        await queryClient.invalidateQueries({ queryKey: queryKeys.chat.messages(threadId) });
        setPending(null);
      }
      setStatus(statusAfterReply(reply, processFailed));
      if (replyChangedData(reply)) {
        void queryClient.invalidateQueries({ queryKey: queryKeys.teacher.all() });
      }

      await queryClient.invalidateQueries({ queryKey: queryKeys.chat.threads() });
      // The title follows in the background: the teacher may type on meanwhile.
      if (isFirstExchange) void titleThread(threadId, message, reply.response);
    } catch {
      setStatus('error');
      setLastSendFailed(true);
      setPending(null);
      if (threadId) await recordFailure(threadId, message);
    } finally {
      setPending(null);
      setIsSending(false);
    }
    return true;
  }

  return { sendMessage, pending, isSending, lastSendFailed };
}
