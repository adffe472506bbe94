import type { ChatThread } from '@domain/schemas/chat';
import { api } from '@web/lib/api-client';

export function updateThreadTitle(threadId: string, title: string): Promise<ChatThread> {
  return api.patch<ChatThread>(`/api/chat/threads/${threadId}`, { title });
}
