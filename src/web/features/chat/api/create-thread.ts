import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatThread } from '@domain/schemas/chat';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export function createThread(): Promise<ChatThread> {
  return api.post<ChatThread>('/api/chat/threads');
}

export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createThread,
    onSuccess: async (thread) => {
      queryClient.setQueryData(queryKeys.chat.messages(thread.id), []);
      queryClient.setQueryData<ChatThread[]>(queryKeys.chat.threads(), (threads) => [
        thread,
        ...(threads ?? []).filter((t) => t.id !== thread.id),
      ]);
      await queryClient.invalidateQueries({ queryKey: queryKeys.chat.threads() });
    },
  });
}
