// Bearer token -> request.actor. Routes opt in with `preHandler: app.requireActor`
// (or requireRole); services then receive the actor as their first argument.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '@domain/roles';
import { unauthorized, AppError } from '../errors';
import type { TokenSigner } from '../auth/tokens';

export interface Actor {
  id: string;
  role: Role;
}

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

async function authPlugin(app: FastifyInstance, { tokens }: { tokens: TokenSigner }) {
  app.decorateRequest('actor', null);

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer\s+(\S+)$/i);
    if (!match?.[1]) return;
    const claims = await tokens.verifyAccessToken(match[1]);
    request.actor = claims ? { id: claims.userId, role: claims.role } : null;
  });

  app.decorate('requireActor', async (request: FastifyRequest) => {
    if (!request.actor) throw unauthorized();
  });

  app.decorate('requireRole', (role: Role) => async (request: FastifyRequest) => {
    if (!request.actor) throw unauthorized();
    if (request.actor.role !== role) {
      throw new AppError(403, 'FORBIDDEN', `Only a ${role} can do this.`);
    }
  });
}

export const auth = fp(authPlugin, { name: 'auth' });
