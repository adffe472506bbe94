import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { AppError } from '../errors';

/**
 * Two limits on sign-in: one account from one address (password guessing) and one address
 * across many accounts (credential spraying). Runs as a preHandler, after the body is parsed,
 * because the first key includes the email.
 */
export function signInRateLimit(app: FastifyInstance, limits: Config['signInRateLimit']) {
  const checks = [
    app.createRateLimit({
      max: limits.perIp,
      timeWindow: limits.windowMs,
      keyGenerator: (req) => `ip:${req.ip}`,
    }),
    app.createRateLimit({
      max: limits.perEmailAndIp,
      timeWindow: limits.windowMs,
      keyGenerator: (req) => `ip-email:${req.ip}:${emailOf(req.body)}`,
    }),
  ];
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new AppError(
          429,
          'RATE_LIMITED',
          'Too many sign-in attempts. Please wait a few minutes and try again.',
        );
      }
    }
  };
}

function emailOf(body: unknown): string {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}
