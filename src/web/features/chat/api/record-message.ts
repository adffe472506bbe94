import type { ChatMessage } from '@domain/schemas/chat';
import { api } from '@web/lib/api-client';

/** Stores an exchange by hand: only when neither agent endpoint could (SPEC §8). */
export function recordMessage(
  threadId: string,
  input: { message: string; response?: string | null },
): Promise<ChatMessage> {
  return api.post<ChatMessage>(`/api/chat/threads/${threadId}/messages`, input);
}
