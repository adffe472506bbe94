// DESIGN §15: every rule lives in the services, so a new door (a job, an agent tool, a route
// that forgets its gate) cannot skip one. Each service function is called directly, as each
// kind of actor; a refusal must be the right AppError and change nothing at all.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../errors';
import type { TestApp } from '../build-test-app';
import {
  buildServices,
  NO_ACTOR,
  SERVICE_CALLERS,
  SERVICE_TABLE,
  type Services,
} from './service-table';
import { buildReliabilityApp, buildWorld, snapshot, type World } from './world';

let t: TestApp;
let world: World;
let services: Services;

beforeAll(async () => {
  t = await buildReliabilityApp();
  world = await buildWorld(t);
  services = buildServices(t.app.serviceDeps);
});
afterAll(() => t.close());

describe('Every service function checks its actor, whatever door calls it', () => {
  for (const [name, entry] of Object.entries(SERVICE_TABLE)) {
    it(name, async () => {
      for (const caller of SERVICE_CALLERS) {
        const user = world[caller];
        const actor = { id: user.id, role: user.role };
        const outcome = entry.expect[caller];
        const label = `${name} as ${caller}`;
        const prepared = (await entry.prepare?.(services, world)) ?? '';
        if (typeof outcome === 'number') {
          const before = await snapshot(t);
          const error = await entry.call(services, world, actor, caller, prepared).then(
            () => null,
            (e: unknown) => e,
          );
          expect(error, label).toBeInstanceOf(AppError);
          expect((error as AppError).statusCode, label).toBe(outcome);
          expect(await snapshot(t), `${label} changed something`).toEqual(before);
        } else {
          const result = await entry.call(services, world, actor, caller, prepared);
          if (outcome !== 'ok') {
            const seen = JSON.stringify(result);
            for (const id of outcome.hides(world)) expect(seen, label).not.toContain(id);
          }
        }
      }
    });
  }

  it('lists every function of every service (or says why it takes no actor)', () => {
    const functions = Object.entries(services).flatMap(([service, methods]) =>
      Object.entries(methods)
        .filter(([, value]) => typeof value === 'function')
        .map(([method]) => `${service}.${method}`),
    );
    const listed = [...Object.keys(SERVICE_TABLE), ...Object.keys(NO_ACTOR)];
    expect(functions.filter((name) => !listed.includes(name))).toEqual([]);
    expect(listed.filter((name) => !functions.includes(name))).toEqual([]);
  });
});
