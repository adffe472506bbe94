import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatMessage } from '@domain/schemas/chat';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export async function getThreadMessages(
  threadId: string,
  signal?: AbortSignal,
): Promise<ChatMessage[]> {
  const { items } = await api.get<{ items: ChatMessage[] }>(
    `/api/chat/threads/${threadId}/messages`,
    { signal },
  );
  return items;
}

export const threadMessagesQueryOptions = (threadId: string) =>
  queryOptions({
    queryKey: queryKeys.chat.messages(threadId),
    queryFn: ({ signal }) => getThreadMessages(threadId, signal),
  });

export const useThreadMessages = (threadId: string | null) =>
  useQuery({
    ...threadMessagesQueryOptions(threadId ?? ''),
    enabled: threadId !== null,
  });
