import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';

/**
 * Security headers with a strict Content-Security-Policy: our own origin only. Styles allow
 * 'unsafe-inline' because the toast library injects a <style> element; scripts never do.
 * Features that need another origin (the voice widget) add exactly that origin here.
 */
async function securityPlugin(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // The refresh cookie is SameSite=Strict; pages must still load when opened from links.
    crossOriginEmbedderPolicy: false,
  });
}

export const security = fp(securityPlugin, { name: 'security' });
