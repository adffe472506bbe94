// Shared by the agent's API tests: ask Mylo through HTTP as a signed-in user.
import type { TestApp } from './build-test-app';

/** Wednesday 5 March 2025, noon UTC: "next Friday at 5pm" is 14 March, 17:00 UTC. */
export const PINNED_NOW = new Date('2025-03-05T12:00:00.000Z');

export interface AgentReplyBody {
  response: string;
  success: boolean;
  action_taken: string;
  data: Record<string, unknown> | null;
  message?: { id: string; thread_id: string; message: string; response: string | null };
}

export function asker(t: TestApp) {
  return async (
    user: { headers: Record<string, string> },
    message: string,
    options: { threadId?: string; url?: string } = {},
  ) => {
    const response = await t.app.inject({
      method: 'POST',
      url: options.url ?? '/api/agent/test',
      headers: user.headers,
      payload: {
        message,
        ...(options.threadId && { thread_id: options.threadId }),
        context: { utc_offset_minutes: 0 },
      },
    });
    if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
    return response.json<AgentReplyBody>();
  };
}
