import type { z } from 'zod';
import type { AuthSession } from '@domain/schemas/auth';
import { ApiError, apiErrorFromResponse } from './api-error';

export type SessionEvent =
  | { type: 'refreshed'; session: AuthSession }
  /** The refresh token was refused: the user must sign in again. */
  | { type: 'ended' };

type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface RequestOptions<T> {
  body?: unknown;
  /**
   * Validates the answer; without it the JSON is trusted as T. A function loads the schema when
   * an answer needs it, for code /login carries, which must not import zod (docs/decisions/023).
   */
  schema?: z.ZodType<T> | (() => Promise<z.ZodType<T>>);
  signal?: AbortSignal;
  /** The answer is a file (a CSV export): resolve with its bytes and suggested name. */
  download?: boolean;
}

export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition (filename* preferred), when the server named the file. */
  filename: string | null;
}

/** The file name a Content-Disposition header suggests. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename="([^"]*)"/i.exec(header);
  return plain?.[1] ?? null;
}

/** authSessionSchema, with zod, once a session is there to check (after sign-in or refresh). */
export const loadAuthSessionSchema = () =>
  import('@domain/schemas/auth').then((module) => module.authSessionSchema);

const REFRESH_PATH = '/api/auth/refresh';
// Auth endpoints answer 401 for a reason of their own (bad password, spent cookie): refreshing
// and retrying them would only hide that answer.
const isAuthPath = (path: string) => path.startsWith('/api/auth/');

/**
 * The single HTTP client of the web app. The access token lives only in this object's memory
 * (DESIGN §6): the refresh token is an httpOnly cookie the browser sends to /api/auth itself.
 */
export class ApiClient {
  #accessToken: string | null = null;
  #refreshing: Promise<AuthSession> | null = null;
  readonly #listeners = new Set<(event: SessionEvent) => void>();
  readonly #fetch: typeof fetch;

  constructor(fetchImpl: typeof fetch = (...args) => globalThis.fetch(...args)) {
    this.#fetch = fetchImpl;
  }

  setAccessToken(token: string | null): void {
    this.#accessToken = token;
  }

  /** For requests this client cannot send itself (an upload that reports progress via XHR). */
  getAccessToken(): string | null {
    return this.#accessToken;
  }

  onSessionEvent(listener: (event: SessionEvent) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Single-flight: the refresh token rotates on every use and the server treats a reused one as
   * theft, so concurrent callers must share one request rather than each sending the cookie.
   */
  refreshSession(): Promise<AuthSession> {
    this.#refreshing ??= this.#refreshOnce().finally(() => {
      this.#refreshing = null;
    });
    return this.#refreshing;
  }

  get<T>(path: string, options?: Omit<RequestOptions<T>, 'body'>): Promise<T> {
    return this.request('GET', path, options);
  }

  post<T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>): Promise<T> {
    return this.request('POST', path, { ...options, body });
  }

  put<T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>): Promise<T> {
    return this.request('PUT', path, { ...options, body });
  }

  patch<T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>): Promise<T> {
    return this.request('PATCH', path, { ...options, body });
  }

  /** Fetches a file with the session's token (a plain link could not send it). */
  download(path: string, options?: { signal?: AbortSignal }): Promise<DownloadedFile> {
    return this.request<DownloadedFile>('GET', path, { ...options, download: true });
  }

  delete<T = void>(path: string, options?: Omit<RequestOptions<T>, 'body'>): Promise<T> {
    return this.request('DELETE', path, options);
  }

  async request<T>(method: Method, path: string, options: RequestOptions<T> = {}): Promise<T> {
    // A page that renders while the session is being re-established would otherwise send its
    // first calls without a token, get 401s and queue up behind the same refresh anyway.
    if (this.#accessToken === null && this.#refreshing) {
      await this.#refreshing.catch(() => undefined);
    }
    try {
      return await this.#send(method, path, options);
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401 || isAuthPath(path)) throw error;
      try {
        await this.refreshSession();
      } catch {
        throw error;
      }
      return this.#send(method, path, options);
    }
  }

  async #refreshOnce(): Promise<AuthSession> {
    try {
      const session = await withCrossTabLock(() =>
        this.#send('POST', REFRESH_PATH, { schema: loadAuthSessionSchema }),
      );
      this.#accessToken = session.access_token;
      this.#emit({ type: 'refreshed', session });
      return session;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        this.#accessToken = null;
        this.#emit({ type: 'ended' });
      }
      throw error;
    }
  }

  async #send<T>(method: Method, path: string, options: RequestOptions<T>): Promise<T> {
    const headers = new Headers({ Accept: 'application/json' });
    if (this.#accessToken) headers.set('Authorization', `Bearer ${this.#accessToken}`);
    const hasBody = options.body !== undefined;
    // No Content-Type without a body: the server rejects an empty body declared as JSON.
    if (hasBody) headers.set('Content-Type', 'application/json');

    const response = await this.#fetch(path, {
      method,
      headers,
      body: hasBody ? JSON.stringify(options.body) : undefined,
      credentials: 'same-origin',
      signal: options.signal,
    });
    if (!response.ok) throw await apiErrorFromResponse(response);
    if (response.status === 204) return undefined as T;
    if (options.download) {
      const file: DownloadedFile = {
        blob: await response.blob(),
        filename: filenameFromDisposition(response.headers.get('content-disposition')),
      };
      return file as T;
    }

    const data: unknown = await response.json();
    const schema = typeof options.schema === 'function' ? await options.schema() : options.schema;
    return schema ? schema.parse(data) : (data as T);
  }

  #emit(event: SessionEvent): void {
    for (const listener of this.#listeners) listener(event);
  }
}

/**
 * Tabs share the refresh cookie; two tabs rotating it at the same moment would look like token
 * reuse to the server. The Web Locks API serialises them where the browser offers it.
 */
async function withCrossTabLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? await locks.request('mylo.auth.refresh', task) : await task();
}

export const api = new ApiClient();
