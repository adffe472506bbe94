import type { AgentReply, ChatThread } from '@domain/schemas/chat';
import { CHAT } from '@domain/limits';

/** SPEC §4: the assistant's status and the header text of each. */
export type AssistantStatus = 'ready' | 'processing' | 'error';

export const STATUS_TEXT: Record<AssistantStatus, string> = {
  ready: 'Mylo AI - Ready',
  processing: 'Mylo AI - Processing...',
  error: 'Mylo AI - Try Again',
};

/** SPEC §8's texts. */
export const CHAT_TEXT = {
  processFailed: "I'm sorry, I encountered an error processing your request. Please try again.",
  sendFailed: 'I encountered an error processing your request. Please try again.',
  sendFailedHint: 'Last message had an issue, but you can still try again.',
  deleteConfirm: 'Are you sure you want to delete this chat thread? This action cannot be undone.',
} as const;

/** What a failed process call counts as (SPEC §8), before the test endpoint is tried. */
export const PROCESS_FAILURE_REPLY: AgentReply = {
  success: false,
  action_taken: 'error',
  response: CHAT_TEXT.processFailed,
  data: null,
};

/**
 * The status after a send: the reply's success flag decides, except that a failed process call
 * leaves the status at error even when the test endpoint answered (SPEC §8).
 */
export function statusAfterReply(reply: AgentReply, processFailed: boolean): AssistantStatus {
  if (processFailed) return 'error';
  return reply.success ? 'ready' : 'error';
}

/**
 * Actions that only talk. Anything else may have changed courses, assignments or rubrics, and a
 * needless refresh is cheaper than a stale page.
 */
const READ_ONLY_ACTIONS = new Set([
  'none',
  'help',
  'error',
  'confirm_required',
  'clarify',
  'cancelled',
  'confirm_unavailable',
  'not_found',
  'invalid_input',
  'list_courses',
  'list_ungraded_submissions',
  'course_info',
  'assignment_info',
  'count_submissions',
  'explain_features',
]);

export function replyChangedData(reply: AgentReply): boolean {
  return reply.success && !READ_ONLY_ACTIONS.has(reply.action_taken);
}

/** SPEC §4: the title when generation fails is the first three words of the first message. */
export function fallbackThreadTitle(firstMessage: string): string {
  const words = firstMessage.trim().split(/\s+/).filter(Boolean);
  const title = words.slice(0, CHAT.fallbackTitleWords).join(' ');
  return title || CHAT.defaultThreadTitle;
}

/**
 * SPEC §4: deleting the selected thread selects the first remaining one, or none (the empty
 * state); deleting another thread keeps the selection.
 */
export function threadToSelectAfterDelete(
  threads: readonly Pick<ChatThread, 'id'>[],
  deletedId: string,
  selectedId: string | null,
): string | null {
  if (selectedId !== deletedId) return selectedId;
  return threads.find((thread) => thread.id !== deletedId)?.id ?? null;
}

/** SPEC §5: a message is sent only if its trimmed text is not empty and nothing is running. */
export function canSend(text: string, busy: boolean): boolean {
  return !busy && text.trim().length > 0;
}

/** The date a thread row shows: its last message, or when it last changed. */
export function threadActivityDate(thread: Pick<ChatThread, 'last_message_at' | 'updated_at'>) {
  return thread.last_message_at ?? thread.updated_at;
}
