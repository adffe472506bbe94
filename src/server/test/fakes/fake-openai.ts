// A loopback stand-in for the OpenAI Chat Completions API (POST /v1/chat/completions),
// answering in its real wire format. Also serves LLM_PROVIDER=openai-compatible.
import { fakeId, startFakeLlmServer, type FakeLlmServer, type WireFormat } from './fake-llm-server';

export type { FakeLlmServer, FakeReply, RecordedRequest } from './fake-llm-server';

const openAiFormat: WireFormat = {
  path: '/v1/chat/completions',
  success(reply, request) {
    const message =
      'toolCalls' in reply
        ? {
            role: 'assistant',
            content: null,
            tool_calls: reply.toolCalls.map((call) => ({
              id: fakeId('call_'),
              type: 'function',
              function: { name: call.name, arguments: JSON.stringify(call.input) },
            })),
          }
        : {
            role: 'assistant',
            content: 'json' in reply ? JSON.stringify(reply.json) : reply.text,
            refusal: null,
          };
    return {
      id: fakeId('chatcmpl-'),
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model: modelOf(request),
      choices: [
        {
          index: 0,
          message,
          finish_reason: 'toolCalls' in reply ? 'tool_calls' : 'stop',
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 },
    };
  },
  error(status, message) {
    return {
      error: {
        message,
        type: status >= 500 ? 'server_error' : 'invalid_request_error',
        code: null,
      },
    };
  },
};

function modelOf(request: unknown): string {
  const model = (request as { model?: unknown } | undefined)?.model;
  return typeof model === 'string' ? model : 'fake-model';
}

/** Start with `await startFakeOpenAi()`; point LLM_BASE_URL at `fake.url`. */
export function startFakeOpenAi(): Promise<FakeLlmServer> {
  return startFakeLlmServer(openAiFormat);
}
