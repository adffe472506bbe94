import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, BusyError, errorBody, RateLimitedError } from '../errors';

/** Fastify's own error codes that are the caller's fault, mapped to DESIGN §6. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'Request body is too large.',
  },
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'File is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Unsupported content type.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'Request body is empty.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'Request body is not valid JSON.',
  },
};

async function errorHandlerPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error instanceof RateLimitedError || error instanceof BusyError) {
        reply.header('retry-after', error.retryAfterSeconds);
      }
      return reply
        .status(error.statusCode)
        .send(errorBody(error.code, error.message, error.details));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: [
          error.validationContext,
          ...String(issue.instancePath).split('/').filter(Boolean),
        ].join('.'),
        message: issue.message,
      }));
      const first = details[0];
      return reply
        .status(400)
        .send(
          errorBody(
            'VALIDATION_ERROR',
            first ? `Invalid ${first.path}: ${first.message}` : 'Invalid request.',
            details,
          ),
        );
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return reply.status(known.status).send(errorBody(known.code, known.message));
    if (error instanceof SyntaxError && error.statusCode === 400) {
      return reply.status(400).send(errorBody('BAD_REQUEST', 'Request body is not valid JSON.'));
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send(errorBody('RATE_LIMITED', 'Too many attempts. Please wait and try again.'));
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.status(error.statusCode).send(errorBody('BAD_REQUEST', error.message));
    }
    if (isUnstorableText(error)) {
      return reply
        .status(400)
        .send(
          errorBody('BAD_REQUEST', 'The text contains a character that cannot be stored (NUL).'),
        );
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      return reply
        .status(503)
        .send(
          errorBody(
            'SERVICE_UNAVAILABLE',
            'The service is temporarily unavailable. Please try again.',
          ),
        );
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL_ERROR', 'Something went wrong on our side.'));
  });

  app.setNotFoundHandler((request, reply) => {
    // Client-side routes get the app; everything else (and all of /api) gets a JSON 404.
    if (app.hasDecorator('serveSpaIndex') && app.serveSpaIndex(request, reply)) return;
    reply
      .status(404)
      .send(
        errorBody('NOT_FOUND', `Route ${request.method} ${request.url.split('?')[0]} not found.`),
      );
  });
}

/** PostgreSQL refuses NUL (and other unencodable characters) in text: 22021 / 22P05. */
function isUnstorableText(error: unknown): boolean {
  const err = error as { code?: string; cause?: unknown };
  if (err.code === '22021' || err.code === '22P05') return true;
  return err.cause ? isUnstorableText(err.cause) : false;
}

/** Connection-level failures (server gone, connection terminated) rather than bad SQL. */
function isDatabaseUnavailable(error: unknown): boolean {
  const err = error as { code?: string; message?: string; cause?: unknown };
  const code = err.code ?? '';
  // 57P01 admin_shutdown, 57P02/57P03 crash/cannot connect, 08xxx connection exceptions.
  if (/^(57P0[123]|08\d{3})$/.test(code) || ['ECONNREFUSED', 'ECONNRESET', 'EPIPE'].includes(code))
    return true;
  if (
    /Connection terminated|connection timeout|Client has encountered a connection error/i.test(
      err.message ?? '',
    )
  ) {
    return true;
  }
  return err.cause ? isDatabaseUnavailable(err.cause) : false;
}

export const errorHandler = fp(errorHandlerPlugin, { name: 'error-handler' });
