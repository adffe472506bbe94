/** Query keys of the chat widget: its own root, apart from the teacher screens. */
export const chatKeys = {
  all: ['chat'] as const,
  threads: () => ['chat', 'threads'] as const,
  messages: (threadId: string) => ['chat', 'threads', threadId, 'messages'] as const,
  health: () => ['chat', 'health'] as const,
};
