import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatThread } from '@domain/schemas/chat';
import { api } from '@web/lib/api-client';
import { queryKeys } from '@web/lib/query-keys';

export function deleteThread(threadId: string): Promise<void> {
  return api.delete(`/api/chat/threads/${threadId}`);
}

export function useDeleteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteThread,
    onSuccess: async (_result, threadId) => {
      queryClient.setQueryData<ChatThread[]>(queryKeys.chat.threads(), (threads) =>
        threads?.filter((thread) => thread.id !== threadId),
      );
      queryClient.removeQueries({ queryKey: queryKeys.chat.messages(threadId) });
      await queryClient.invalidateQueries({ queryKey: queryKeys.chat.threads() });
    },
  });
}
