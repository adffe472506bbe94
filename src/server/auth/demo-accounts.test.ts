// Issue 20: the demo accounts' password is published, so they never face the network by
// accident: production seeds none, and start-up refuses a database that holds them on a HOST
// other than loopback unless ALLOW_DEMO_ON_NETWORK=true.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { createAccount } from './auth.service';
import { DEMO_ACCOUNTS, demoOnNetworkProblem } from './demo-accounts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { NODE_ENV: 'production', SEED_DEMO: '' } });
});
afterAll(() => t.close());

it('With NODE_ENV=production the sign-in screen offers no demo account, even when one exists', async () => {
  expect(t.config.seedDemo).toBe(false);
  for (const account of DEMO_ACCOUNTS) {
    await createAccount({ db: t.database.db }, { ...account, password: 'mylo-demo-2026' });
  }
  const response = await t.app.inject({ url: '/api/auth/demo-accounts' });
  expect(response.json()).toEqual({ items: [], password: null });
});

it('Start-up refuses demo accounts on a network address with one line naming the way out', async () => {
  const problem = await demoOnNetworkProblem(t.database.db, {
    host: '0.0.0.0',
    allowDemoOnNetwork: false,
  });
  expect(problem).toBe(
    'Refusing to start on HOST=0.0.0.0: the database holds the demo accounts (maya.chen@school.test, alex.rivera@school.test, sam.patel@school.test), whose password is published; use a database without demo data, or set ALLOW_DEMO_ON_NETWORK=true to accept that.',
  );
  expect(problem).not.toContain('\n');
  expect(
    await demoOnNetworkProblem(t.database.db, { host: '0.0.0.0', allowDemoOnNetwork: true }),
  ).toBeNull();
  expect(
    await demoOnNetworkProblem(t.database.db, { host: '127.0.0.1', allowDemoOnNetwork: false }),
  ).toBeNull();
});

it('A database without demo accounts starts on any address', async () => {
  const fresh = await buildTestApp();
  try {
    expect(
      await demoOnNetworkProblem(fresh.database.db, { host: '0.0.0.0', allowDemoOnNetwork: false }),
    ).toBeNull();
  } finally {
    await fresh.close();
  }
});
