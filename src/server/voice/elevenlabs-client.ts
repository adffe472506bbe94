// ElevenLabs' Conversational AI knowledge-base API, the three calls the voice course needs:
// create a document from text, attach it to the agent, delete the one it replaced. Each call
// has a timeout; any failure is a VoiceProviderError naming the step (never the key).

export interface KnowledgeBaseDocument {
  id: string;
  name: string;
}

export class VoiceProviderError extends Error {
  constructor(
    readonly step: 'create' | 'attach' | 'delete',
    message: string,
    readonly status?: number,
  ) {
    super(`Voice provider ${step} failed: ${message}`);
    this.name = 'VoiceProviderError';
  }
}

export interface ElevenLabsClient {
  /** POST /v1/convai/knowledge-base/text */
  createTextDocument(text: string, name: string): Promise<KnowledgeBaseDocument>;
  /** PATCH /v1/convai/agents/{agent_id}: the agent's knowledge base becomes exactly `document`. */
  attachToAgent(agentId: string, document: KnowledgeBaseDocument): Promise<void>;
  /** DELETE /v1/convai/knowledge-base/{id}; a document already gone counts as deleted. */
  deleteDocument(documentId: string): Promise<void>;
}

export const DEFAULT_PROVIDER_TIMEOUT_MS = 15_000;

export function createElevenLabsClient(options: {
  baseUrl: string;
  apiKey: string;
  timeoutMs?: number;
}): ElevenLabsClient {
  const base = options.baseUrl.replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;

  async function call(
    step: VoiceProviderError['step'],
    method: string,
    path: string,
    body?: unknown,
  ): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method,
        headers: {
          'xi-api-key': options.apiKey,
          accept: 'application/json',
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = error instanceof Error && error.name === 'TimeoutError';
      throw new VoiceProviderError(
        step,
        timedOut ? `no answer within ${timeoutMs} ms` : 'the provider could not be reached',
      );
    }
    if (step === 'delete' && response.status === 404) return response;
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      throw new VoiceProviderError(
        step,
        `HTTP ${response.status} ${detail}`.trim(),
        response.status,
      );
    }
    return response;
  }

  return {
    async createTextDocument(text, name) {
      const response = await call('create', 'POST', '/v1/convai/knowledge-base/text', {
        text,
        name,
      });
      const body = (await response.json().catch(() => null)) as {
        id?: unknown;
        name?: unknown;
      } | null;
      if (!body || typeof body.id !== 'string' || body.id === '') {
        throw new VoiceProviderError('create', 'the answer had no document id');
      }
      return { id: body.id, name: typeof body.name === 'string' ? body.name : name };
    },

    async attachToAgent(agentId, document) {
      const response = await call(
        'attach',
        'PATCH',
        `/v1/convai/agents/${encodeURIComponent(agentId)}`,
        {
          conversation_config: {
            agent: {
              prompt: {
                knowledge_base: [
                  { type: 'text', name: document.name, id: document.id, usage_mode: 'auto' },
                ],
              },
            },
          },
        },
      );
      await response.body?.cancel();
    },

    async deleteDocument(documentId) {
      const response = await call(
        'delete',
        'DELETE',
        `/v1/convai/knowledge-base/${encodeURIComponent(documentId)}`,
      );
      await response.body?.cancel();
    },
  };
}
