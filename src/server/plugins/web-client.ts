import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a client-side route with index.html; false when there is no built client. */
    serveSpaIndex: (request: FastifyRequest, reply: FastifyReply) => boolean;
  }
}

/**
 * Serves the built client (dist/web). The build writes a brotli (.br) and a gzip (.gz) copy of
 * every text file (vite.config.ts); the one the browser accepts is sent with its
 * Content-Encoding and `Vary: Accept-Encoding`, the plain file otherwise. Hashed assets are
 * cached for a year, index.html is revalidated every time.
 */
async function webClientPlugin(app: FastifyInstance, { webDir }: { webDir: string }) {
  const hasClient = existsSync(join(webDir, 'index.html'));
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // `path` is the file sent, so index.html.br counts as index.html here too.
      setHeaders: (reply, path) => {
        const hashedAsset = path.startsWith(join(webDir, 'assets'));
        reply.header(
          'cache-control',
          hashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.decorate('serveSpaIndex', (request: FastifyRequest, reply: FastifyReply) => {
    if (!hasClient || !isClientRoute(request)) return false;
    reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    return true;
  });
}

/** GET of a page path: not the API, not a file with an extension. */
function isClientRoute(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (path === '/api' || path.startsWith('/api/') || path === '/health') return false;
  return !/\.[a-z0-9]+$/i.test(path);
}

export const webClient = fp(webClientPlugin, { name: 'web-client' });
