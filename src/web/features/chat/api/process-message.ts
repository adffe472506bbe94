import type { AgentReply } from '@domain/schemas/chat';
import { api } from '@web/lib/api-client';
import { PROCESS_FAILURE_REPLY } from '../chat-logic';

export interface ProcessOutcome {
  reply: AgentReply;
  /** The process call failed and the answer (if any) came from the test endpoint. */
  processFailed: boolean;
}

/**
 * Sends a message to Mylo (SPEC §7, §8). Both endpoints store the exchange in the thread. A
 * failed process call counts as SPEC's error reply and is retried on the test endpoint; if that
 * fails too, this throws.
 */
export async function processMessage(message: string, threadId: string): Promise<ProcessOutcome> {
  const body = { message, thread_id: threadId };
  try {
    const reply = await api.post<AgentReply>('/api/agent/process', body);
    return { reply, processFailed: false };
  } catch {
    // The error reply stands for the failed call; the test endpoint's answer replaces it.
    const fallback = await api.post<AgentReply>('/api/agent/test', body);
    return { reply: fallback ?? PROCESS_FAILURE_REPLY, processFailed: true };
  }
}
