import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatThread } from '@domain/schemas/chat';
import { api } from '@web/lib/api-client';
import { chatKeys } from './chat-keys';

export function deleteThread(threadId: string): Promise<void> {
  return api.delete(`/api/chat/threads/${threadId}`);
}

export function useDeleteThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteThread,
    onSuccess: async (_result, threadId) => {
      queryClient.setQueryData<ChatThread[]>(chatKeys.threads(), (threads) =>
        threads?.filter((thread) => thread.id !== threadId),
      );
      queryClient.removeQueries({ queryKey: chatKeys.messages(threadId) });
      await queryClient.invalidateQueries({ queryKey: chatKeys.threads() });
    },
  });
}
