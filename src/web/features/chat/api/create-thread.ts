import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChatThread } from '@domain/schemas/chat';
import { api } from '@web/lib/api-client';
import { chatKeys } from './chat-keys';

export function createThread(): Promise<ChatThread> {
  return api.post<ChatThread>('/api/chat/threads');
}

export function useCreateThread() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createThread,
    onSuccess: async (thread) => {
      queryClient.setQueryData(chatKeys.messages(thread.id), []);
      queryClient.setQueryData<ChatThread[]>(chatKeys.threads(), (threads) => [
        thread,
        ...(threads ?? []).filter((t) => t.id !== thread.id),
      ]);
      await queryClient.invalidateQueries({ queryKey: chatKeys.threads() });
    },
  });
}
