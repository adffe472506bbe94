// A loopback fake of ElevenLabs' Conversational AI knowledge-base API (DESIGN §10): the three
// calls the voice course makes, in their wire format, recorded in order. A test can make the
// next call of a kind fail.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseJson, readBody, send } from './http-helpers';

export interface RecordedVoiceRequest {
  method: string;
  path: string;
  apiKey: string | undefined;
  body: unknown;
  rawBody: string;
}

type Step = 'create' | 'attach' | 'delete';

export interface FakeElevenLabs {
  /** The base URL to use as ELEVENLABS_BASE_URL. */
  url: string;
  requests: RecordedVoiceRequest[];
  /** Documents that exist: id -> {name, text}. */
  documents: Map<string, { name: string; text: string }>;
  /** Each agent's knowledge-base list as last attached. */
  agents: Map<string, unknown>;
  /** The next `step` call answers this HTTP status. */
  failNext(step: Step, status?: number): void;
  /** Forgets every request, document, agent and planned failure; ids start again at doc_0001. */
  reset(): void;
  close(): Promise<void>;
}

export async function startFakeElevenLabs(
  options: { apiKey?: string } = {},
): Promise<FakeElevenLabs> {
  const requests: RecordedVoiceRequest[] = [];
  const documents = new Map<string, { name: string; text: string }>();
  const agents = new Map<string, unknown>();
  const failures: { step: Step; status: number }[] = [];
  let nextId = 1;

  function takeFailure(step: Step) {
    const index = failures.findIndex((f) => f.step === step);
    if (index === -1) return undefined;
    return failures.splice(index, 1)[0];
  }

  const server = createServer((req, res) => {
    void readBody(req).then((rawBody) => {
      const body = parseJson(rawBody);
      const apiKey = header(req, 'xi-api-key');
      const path = req.url ?? '';
      const method = req.method ?? '';
      requests.push({ method, path, apiKey, body, rawBody });
      if (options.apiKey && apiKey !== options.apiKey) {
        return send(res, 401, {
          detail: { status: 'invalid_api_key', message: 'Invalid API key' },
        });
      }

      if (method === 'POST' && path === '/v1/convai/knowledge-base/text') {
        const failure = takeFailure('create');
        if (failure) return send(res, failure.status, { detail: 'fake: create failed' });
        const input = body as { text?: unknown; name?: unknown } | undefined;
        if (typeof input?.text !== 'string' || input.text === '') {
          return send(res, 422, { detail: 'text is required' });
        }
        const id = `doc_${String(nextId++).padStart(4, '0')}`;
        const name = typeof input.name === 'string' ? input.name : 'Untitled';
        documents.set(id, { name, text: input.text });
        return send(res, 200, { id, name });
      }

      const agent = /^\/v1\/convai\/agents\/([^/]+)$/.exec(path);
      if (method === 'PATCH' && agent?.[1]) {
        const failure = takeFailure('attach');
        if (failure) return send(res, failure.status, { detail: 'fake: attach failed' });
        const list = (body as AgentPatch | undefined)?.conversation_config?.agent?.prompt
          ?.knowledge_base;
        if (!Array.isArray(list)) return send(res, 422, { detail: 'knowledge_base missing' });
        const agentId = decodeURIComponent(agent[1]);
        agents.set(agentId, list);
        return send(res, 200, { agent_id: agentId });
      }

      const doc = /^\/v1\/convai\/knowledge-base\/([^/]+)$/.exec(path);
      if (method === 'DELETE' && doc?.[1]) {
        const failure = takeFailure('delete');
        if (failure) return send(res, failure.status, { detail: 'fake: delete failed' });
        const id = decodeURIComponent(doc[1]);
        if (!documents.delete(id)) return send(res, 404, { detail: 'document not found' });
        return send(res, 200, {});
      }

      send(res, 404, { detail: `fake: no route for ${method} ${path}` });
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    documents,
    agents,
    failNext: (step, status = 500) => void failures.push({ step, status }),
    reset() {
      requests.length = 0;
      documents.clear();
      agents.clear();
      failures.length = 0;
      nextId = 1;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

interface AgentPatch {
  conversation_config?: { agent?: { prompt?: { knowledge_base?: unknown } } };
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}
