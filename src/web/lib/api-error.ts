import { apiErrorSchema } from '@domain/schemas/errors';

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
  const parsed = apiErrorSchema.safeParse(body);
  if (parsed.success) {
    const { code, message, details } = parsed.data.error;
    return new ApiError(response.status, code, message, details);
  }
  const statusText = response.statusText ? ` ${response.statusText}` : '';
  return new ApiError(
    response.status,
    'UNEXPECTED_RESPONSE',
    `The server answered ${response.status}${statusText}.`,
  );
}
