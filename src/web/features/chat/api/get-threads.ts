import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ChatThread } from '@domain/schemas/chat';
import { api } from '@web/lib/api-client';
import { chatKeys } from './chat-keys';

export async function getThreads(signal?: AbortSignal): Promise<ChatThread[]> {
  const { items } = await api.get<{ items: ChatThread[] }>('/api/chat/threads', { signal });
  return items;
}

export const threadsQueryOptions = () =>
  queryOptions({
    queryKey: chatKeys.threads(),
    queryFn: ({ signal }) => getThreads(signal),
  });

export const useThreads = (enabled = true) => useQuery({ ...threadsQueryOptions(), enabled });
