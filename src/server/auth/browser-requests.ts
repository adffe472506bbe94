// Browsers mark their requests with Sec-Fetch-Site (and Origin on POST), and a page's scripts
// can neither remove nor forge those headers. That tells a browser from another client (curl, a
// script) and a request the app's own page made from one another site's page made.
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors';

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** A browser sent it: the refresh token then stays in the httpOnly cookie, out of page scripts' reach. */
export function isBrowserRequest(request: FastifyRequest): boolean {
  return header(request, 'sec-fetch-site') !== undefined || header(request, 'origin') !== undefined;
}

/**
 * The cookie routes answer only the app's own pages (or a non-browser client): a page on another
 * site, or on another port of this host, cannot sign the user in, out or refresh their session.
 */
export function assertSameOrigin(request: FastifyRequest): void {
  const site = header(request, 'sec-fetch-site');
  if (site !== undefined) {
    if (site === 'same-origin' || site === 'none') return;
    throw crossSite();
  }
  const origin = header(request, 'origin');
  if (origin === undefined) return;
  if (origin !== `${request.protocol}://${request.host}`) throw crossSite();
}

const crossSite = () => forbidden('This request came from another site and was refused.');
