// DESIGN §7 as a table: every route × every kind of caller, asserting the status (and the
// error shape for refusals). A 2xx for a caller who should be refused is the bug this catches.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../build-test-app';
import { uploadPdf } from '../uploads';
import { ROUTE_TABLE, type RouteEntry } from './route-table';
import { buildReliabilityApp, buildWorld, CALLERS, isErrorShape, type World } from './world';

let t: TestApp;
let world: World;

beforeAll(async () => {
  t = await buildReliabilityApp();
  world = await buildWorld(t);
});
afterAll(() => t.close());

let address = 0;

async function callRoute(entry: RouteEntry, caller: (typeof CALLERS)[number]) {
  const user = world.users[caller];
  if (entry.method === 'POST' && entry.route === '/api/files') {
    return uploadPdf(t, user, world.assignment.id);
  }
  const call = await entry.call(world, caller);
  address += 1;
  return t.app.inject({
    method: entry.method,
    url: call.url,
    headers: { ...user?.headers, ...call.headers },
    // A fresh address per call keeps the sign-in rate limit out of the matrix.
    remoteAddress: `10.88.${Math.floor(address / 250)}.${address % 250}`,
    ...(call.payload !== undefined && { payload: call.payload as object }),
  });
}

const ordered = [...ROUTE_TABLE.filter((e) => !e.last), ...ROUTE_TABLE.filter((e) => e.last)];

describe('Every route answers each kind of caller as DESIGN §7 says', () => {
  for (const entry of ordered) {
    it(`${entry.method} ${entry.route}`, async () => {
      const seen: Record<string, number> = {};
      const badShapes: string[] = [];
      for (const caller of CALLERS) {
        const response = await callRoute(entry, caller);
        seen[caller] = response.statusCode;
        if (response.statusCode >= 400 && !isErrorShape(response.json())) {
          badShapes.push(`${caller}: ${response.body}`);
        }
      }
      expect(seen).toEqual(entry.expect);
      expect(badShapes).toEqual([]);
    });
  }
});
