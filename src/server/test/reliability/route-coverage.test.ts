// A new route cannot ship without an entry in the route table (and so in the authorization
// matrix); an entry for a route that no longer exists fails too.
import type * as Fastify from 'fastify';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { TestApp } from '../build-test-app';
import { ROUTE_TABLE } from './route-table';
import { buildReliabilityApp } from './world';

const { routes } = vi.hoisted(() => ({ routes: [] as RouteOptions[] }));

// The real Fastify, with an onRoute hook added the moment the instance exists, so every route
// any plugin registers is seen exactly as Fastify registers it.
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof Fastify>();
  const withRouteHook = ((options?: Parameters<typeof actual.default>[0]) => {
    const app = actual.default(options);
    app.addHook('onRoute', (route) => {
      routes.push(route);
    });
    return app;
  }) as typeof actual.default;
  return { ...actual, default: withRouteHook };
});

let t: TestApp;
const registered = new Set<string>();

beforeAll(async () => {
  t = await buildReliabilityApp();
  for (const route of routes) {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // HEAD duplicates GET; the Swagger UI's own assets are not API routes (its page,
      // registered as '/api/docs/', is: the table lists it as '/api/docs').
      const url = route.url === '/api/docs/' ? '/api/docs' : route.url;
      if (method === 'HEAD' || url.startsWith('/api/docs/')) continue;
      registered.add(`${method} ${url}`);
    }
  }
});
afterAll(() => t.close());

it('Every route the app registers has an entry in the route table, and every entry a route', () => {
  const table = new Set(ROUTE_TABLE.map((entry) => `${entry.method} ${entry.route}`));
  expect(registered.size).toBeGreaterThan(30);
  expect({
    missingFromTable: [...registered].filter((route) => !table.has(route)).sort(),
    staleInTable: [...table].filter((route) => !registered.has(route)).sort(),
  }).toEqual({ missingFromTable: [], staleInTable: [] });
  expect(table.size).toBe(ROUTE_TABLE.length);
});
