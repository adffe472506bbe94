import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatThread } from '@domain/schemas/chat';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export async function getThreads(signal?: AbortSignal): Promise<ChatThread[]> {
  const { items } = await api.get<{ items: ChatThread[] }>('/api/chat/threads', { signal });
  return items;
}

export const threadsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.chat.threads(),
    queryFn: ({ signal }) => getThreads(signal),
  });

export const useThreads = (enabled = true) => useQuery({ ...threadsQueryOptions(), enabled });
