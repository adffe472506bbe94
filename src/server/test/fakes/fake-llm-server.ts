// The plumbing the fake LLM providers share: a real HTTP server on a loopback port that
// records each request and answers from a script, one reply per request (DESIGN §10).
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseJson, readBody, send } from './http-helpers';

/** What the fake does with the next request. */
export type FakeReply =
  /** A well-formed answer whose structured output is this value (after delayMs, if given). */
  | { json: unknown; delayMs?: number }
  /** An answer whose text is exactly this (e.g. malformed JSON). */
  | { text: string }
  /** An answer that calls tools, for the chat agent. */
  | { toolCalls: { name: string; input: unknown }[] }
  /** An HTTP error in the provider's error format. */
  | { status: number; message?: string }
  /** Never answer; the connection stays open until the client gives up or the fake closes. */
  | { hang: true };

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: unknown;
  /** The raw body, for asserting what was (not) sent anywhere in it. */
  rawBody: string;
}

export interface FakeLlmServer {
  /** The base URL to use as LLM_BASE_URL (includes /v1). */
  url: string;
  requests: RecordedRequest[];
  enqueue(...replies: FakeReply[]): void;
  /** Replies not yet used: a test can check its script ran out. */
  pending(): number;
  close(): Promise<void>;
}

/** How one provider turns a scripted reply into its wire format. */
export interface WireFormat {
  /** The path it answers, e.g. "/v1/chat/completions". */
  path: string;
  success(
    reply: Exclude<FakeReply, { status: number } | { hang: true }>,
    request: unknown,
  ): unknown;
  error(status: number, message: string): unknown;
}

export async function startFakeLlmServer(format: WireFormat): Promise<FakeLlmServer> {
  const requests: RecordedRequest[] = [];
  const queue: FakeReply[] = [];

  const server = createServer((req, res) => {
    void readBody(req).then((rawBody) => {
      const body = parseJson(rawBody);
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body,
        rawBody,
      });
      if (req.method !== 'POST' || req.url !== format.path) {
        return send(res, 404, format.error(404, `fake: no route for ${req.method} ${req.url}`));
      }
      const reply = queue.shift();
      if (!reply) return send(res, 500, format.error(500, 'fake: no reply scripted'));
      if ('hang' in reply) return; // closeAllConnections() ends it on close()
      if ('status' in reply) {
        return send(res, reply.status, format.error(reply.status, reply.message ?? 'fake error'));
      }
      const answer = () => send(res, 200, format.success(reply, body));
      if ('delayMs' in reply && reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    enqueue: (...replies) => void queue.push(...replies),
    pending: () => queue.length,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

/** A fresh id per answer, as real providers give. */
export function fakeId(prefix: string): string {
  return `${prefix}${Math.random().toString(36).slice(2, 12)}`;
}
