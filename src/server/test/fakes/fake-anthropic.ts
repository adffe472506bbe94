// A loopback stand-in for the Anthropic Messages API (POST /v1/messages), answering in its
// real wire format.
import { fakeId, startFakeLlmServer, type FakeLlmServer, type WireFormat } from './fake-llm-server';

export type { FakeLlmServer, FakeReply, RecordedRequest } from './fake-llm-server';

interface MessagesRequest {
  model?: string;
  tools?: { name?: string }[];
  tool_choice?: { type?: string; name?: string };
}

/** The tool the model must call, when the request leaves it no choice. */
function forcedToolOf(request: MessagesRequest): string | undefined {
  const choice = request.tool_choice;
  if (choice?.type === 'tool') return choice.name;
  if (choice?.type === 'any' && request.tools?.length === 1) return request.tools[0]?.name;
  return undefined;
}

const anthropicFormat: WireFormat = {
  path: '/v1/messages',
  success(reply, body) {
    const request = (body ?? {}) as MessagesRequest;
    // Models without native structured output get the schema as a forced tool (the SDK's
    // "jsonTool" mode, a single tool named "json"): the answer comes back as its input.
    const forcedTool = forcedToolOf(request);
    const content =
      'toolCalls' in reply
        ? reply.toolCalls.map((call) => toolUse(call.name, call.input))
        : 'json' in reply && forcedTool
          ? [toolUse(forcedTool, reply.json)]
          : [{ type: 'text', text: 'json' in reply ? JSON.stringify(reply.json) : reply.text }];
    const usesTools = content.some((block) => block.type === 'tool_use');
    return {
      id: fakeId('msg_'),
      type: 'message',
      role: 'assistant',
      model: request.model ?? 'fake-model',
      content,
      stop_reason: usesTools ? 'tool_use' : 'end_turn',
      stop_sequence: null,
      usage: { input_tokens: 100, output_tokens: 50 },
    };
  },
  error(status, message) {
    const type =
      status >= 500 ? 'api_error' : status === 429 ? 'rate_limit_error' : 'invalid_request_error';
    return { type: 'error', error: { type, message } };
  },
};

function toolUse(name: string, input: unknown) {
  return { type: 'tool_use', id: fakeId('toolu_'), name, input } as const;
}

/** Start with `await startFakeAnthropic()`; point LLM_BASE_URL at `fake.url`. */
export function startFakeAnthropic(): Promise<FakeLlmServer> {
  return startFakeLlmServer(anthropicFormat);
}
