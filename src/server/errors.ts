// Errors a service throws on purpose. The error handler turns them into DESIGN §6's shape;
// anything else becomes a 500 whose details stay in the log, never in the response.

export type ErrorCode =
  | 'BAD_REQUEST'
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'INVALID_CREDENTIALS'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RANGE_NOT_SATISFIABLE'
  | 'UNPROCESSABLE'
  | 'AUTO_GRADE_FAILED'
  | 'RATE_LIMITED'
  | 'QUOTA_EXCEEDED'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_ERROR';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** 429 with how long to wait; the error handler sends it as Retry-After (seconds). */
export class RateLimitedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterMs: number) {
    super(429, 'RATE_LIMITED', message);
    this.name = 'RateLimitedError';
    this.retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  }
}

/** 503 with when to come back: the server is busy, not broken (sent with Retry-After). */
export class BusyError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, 'SERVICE_UNAVAILABLE', message);
    this.name = 'BusyError';
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, 'BAD_REQUEST', message, details);
export const unauthorized = (message = 'You need to sign in.') =>
  new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new AppError(403, 'FORBIDDEN', message);
/** Also used for things the caller may not see, so ids cannot be probed (DESIGN §7). */
export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found.`);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const unprocessable = (message: string, details?: unknown) =>
  new AppError(422, 'UNPROCESSABLE', message, details);

/** A refused field, in the same shape as a schema validation error. */
export const invalidField = (path: string, message: string) =>
  new AppError(400, 'VALIDATION_ERROR', message, [{ path, message }]);

export function errorBody(code: string, message: string, details?: unknown) {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}
