import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { REFRESH_TOKEN_TTL_SECONDS } from '@domain/limits';
import {
  type AuthSession,
  authSessionSchema,
  demoAccountsSchema,
  refreshInputSchema,
  sessionResponseSchema,
  signInInputSchema,
  signUpInputSchema,
} from '@domain/schemas/auth';
import type { Config } from '../config';
import { unauthorized } from '../errors';
import { actorOf } from '../plugins/auth';
import { errorResponses } from '../plugins/openapi';
import {
  type AuthDeps,
  getUser,
  issueSession,
  refreshSession,
  signIn,
  signOut,
  signUp,
} from './auth.service';
import { assertSameOrigin, isBrowserRequest } from './browser-requests';
import { listDemoAccounts } from './demo-accounts';

export const REFRESH_COOKIE = 'refresh_token';
const COOKIE_PATH = '/api/auth';

export interface AuthRoutesOptions {
  deps: AuthDeps;
  config: Pick<Config, 'seedDemo' | 'demoPassword'>;
}

/** The routes that read or set the refresh cookie refuse other sites' pages. */
const sameOrigin = async (request: FastifyRequest) => assertSameOrigin(request);

/**
 * A browser gets the refresh token only as the httpOnly cookie, where page scripts cannot read
 * it; other clients (no cookie jar of a browser's kind) also get it in the body.
 */
function sessionFor(request: FastifyRequest, session: AuthSession): AuthSession {
  if (!isBrowserRequest(request)) return session;
  const { refresh_token: _cookieOnly, ...rest } = session;
  return rest;
}

export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { deps, config },
) => {
  app.post(
    '/sign-up',
    {
      preHandler: sameOrigin,
      schema: {
        tags: ['auth'],
        summary: 'Create an account and sign in (rate-limited per client address)',
        body: signUpInputSchema,
        response: { 201: authSessionSchema, ...errorResponses(400, 403, 409, 422, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await signUp(deps, request.body, { ip: request.ip });
      const session = await issueSession(deps, user);
      setRefreshCookie(reply, session.refresh_token);
      return reply.status(201).send(sessionFor(request, session));
    },
  );

  app.post(
    '/sign-in',
    {
      preHandler: sameOrigin,
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password (failures are limited per account and address)',
        body: signInInputSchema,
        response: { 200: authSessionSchema, ...errorResponses(400, 401, 403, 429, 503) },
      },
    },
    async (request, reply) => {
      const user = await signIn(deps, request.body, { ip: request.ip });
      const session = await issueSession(deps, user);
      setRefreshCookie(reply, session.refresh_token);
      return sessionFor(request, session);
    },
  );

  app.post(
    '/refresh',
    {
      preHandler: sameOrigin,
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token (cookie or body) and get a new access token',
        body: refreshInputSchema,
        response: { 200: authSessionSchema, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const token = request.body?.refresh_token ?? request.cookies[REFRESH_COOKIE];
      if (!token) throw unauthorized('Your session has ended. Please sign in again.');
      try {
        const session = await refreshSession(deps, token);
        setRefreshCookie(reply, session.refresh_token);
        return sessionFor(request, session);
      } catch (error) {
        clearRefreshCookie(reply);
        throw error;
      }
    },
  );

  app.post(
    '/sign-out',
    {
      preHandler: sameOrigin,
      schema: {
        tags: ['auth'],
        summary: 'Revoke the session and clear the refresh cookie',
        body: refreshInputSchema,
        response: { 204: z.null().describe('Signed out'), ...errorResponses(403) },
      },
    },
    async (request, reply) => {
      await signOut(deps, request.body?.refresh_token ?? request.cookies[REFRESH_COOKIE]);
      clearRefreshCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/session',
    {
      preHandler: app.requireActor,
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        security: [{ bearerAuth: [] }],
        response: { 200: sessionResponseSchema, ...errorResponses(401) },
      },
    },
    async (request) => {
      const user = await getUser(deps, actorOf(request).id);
      if (!user) throw unauthorized();
      return { user };
    },
  );

  app.get(
    '/demo-accounts',
    {
      schema: {
        tags: ['auth'],
        summary: 'Demo accounts shown on the sign-in screen (empty unless demo data is seeded)',
        response: {
          200: demoAccountsSchema,
        },
      },
    },
    async () => {
      if (!config.seedDemo) return { items: [], password: null };
      const items = await listDemoAccounts(deps.db);
      return { items, password: items.length > 0 ? config.demoPassword : null };
    },
  );
};

function setRefreshCookie(reply: FastifyReply, token: string) {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
    path: COOKIE_PATH,
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

function clearRefreshCookie(reply: FastifyReply) {
  reply.clearCookie(REFRESH_COOKIE, {
    path: COOKIE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: 'auto',
  });
}
