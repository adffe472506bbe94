import { readApiErrorBody } from '@domain/schemas/readers';

/** A non-2xx answer from our API, carrying the server's `{error:{code,message,details}}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: unknown;

  constructor(status: number, code: string, message: string, details?: unknown) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

/**
 * Every error our server sends has the DESIGN §6 shape; anything else (a proxy's HTML page,
 * an empty body) still becomes an ApiError so callers can rely on `status`.
 */
export async function apiErrorFromResponse(response: Response): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => undefined);
  // apiErrorSchema's zod-free reader: this runs on /login (docs/decisions/023).
  const parsed = readApiErrorBody(body);
  if (parsed) {
    const { code, message, details } = parsed.error;
    return new ApiError(response.status, code, message, details);
  }
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  return new ApiError(
    response.status,
    'UNEXPECTED_RESPONSE',
    `The server answered ${response.status}${statusText}.`,
  );
}

/** The server's "does not exist, or is not yours to see" (DESIGN §7): pages show SPEC's not-found state. */
export const isNotFound = (error: unknown): boolean =>
  error instanceof ApiError && error.status === 404;
