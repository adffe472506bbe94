import { api } from '@web/lib/api-client';
import { fallbackThreadTitle } from '../chat-logic';

interface TitleReply {
  success: boolean;
  title: string;
  error?: string;
}

async function requestTitle(path: string, firstMessage: string, firstResponse: string) {
  const reply = await api.post<TitleReply>(path, {
    first_message: firstMessage,
    first_response: firstResponse,
  });
  const title = reply.title?.trim();
  if (!reply.success || !title) throw new Error(reply.error ?? 'No title');
  return title;
}

/**
 * A title for a thread after its first exchange (SPEC §4, §7): the agent's, then the test
 * endpoint's, then the first three words of the message.
 */
export async function generateThreadTitle(
  firstMessage: string,
  firstResponse: string,
): Promise<string> {
  try {
    return await requestTitle('/api/agent/generate-thread-title', firstMessage, firstResponse);
  } catch {
    try {
      return await requestTitle(
        '/api/agent/test/generate-thread-title',
        firstMessage,
        firstResponse,
      );
    } catch {
      return fallbackThreadTitle(firstMessage);
    }
  }
}
