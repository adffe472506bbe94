// Bearer token -> request.actor. Routes gate early with `preHandler: app.requireActor` (or
// requireRole); the services they call check the actor again, fully (DESIGN §15), so a route
// that forgets its gate still cannot let the wrong person through.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@domain/roles';
import { unauthorized } from '../errors';
import { requireRole, type Actor } from '../policies/actor';

/** Reads an access token: the actor it names, or null for a bad or expired one. */
export type AccessTokenReader = (token: string) => Promise<Actor | null>;

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    requireActor: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireRole: (role: Role) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

/** The signed-in actor of a request that passed requireActor. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw unauthorized();
  return request.actor;
}

async function authPlugin(app: FastifyInstance, { readToken }: { readToken: AccessTokenReader }) {
  app.decorateRequest('actor', null);

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) return;
    request.actor = await readToken(match[1]);
  });

  app.decorate('requireActor', async (request: FastifyRequest) => {
    actorOf(request);
  });

  app.decorate('requireRole', (role: Role) => async (request: FastifyRequest) => {
    requireRole(actorOf(request), role);
  });
}

export const auth = fp(authPlugin, { name: 'auth' });
