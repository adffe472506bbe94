import { useEffect, useState } from 'react';
import type { DemoAccounts } from '@domain/schemas/auth';
import { readDemoAccounts } from '@domain/schemas/readers';
import { api } from '@web/lib/api-client';
import { withRetries } from '@web/lib/retry-policy';
import { registerUserCache } from '@web/lib/user-caches';

export type { DemoAccount, DemoAccounts } from '@domain/schemas/auth';

/**
 * On the sign-in screen, so without zod or TanStack Query (docs/decisions/023): checked by
 * demoAccountsSchema's zod-free reader, retried as a query would be.
 */
export async function getDemoAccounts(signal?: AbortSignal): Promise<DemoAccounts> {
  const accounts = readDemoAccounts(await api.get('/api/auth/demo-accounts', { signal }));
  if (!accounts) throw new Error('The demo accounts have an unexpected shape.');
  return accounts;
}

// Seeded once at start-up: they do not change while the page is open, so one request serves
// every visit to /login until the session ends (cleared with the other caches then).
let cached: Promise<DemoAccounts> | null = null;
/** What `cached` resolved to, so that a later visit renders the list at once. */
let loaded: DemoAccounts | undefined;
registerUserCache(() => {
  cached = null;
  loaded = undefined;
});

function loadDemoAccounts(): Promise<DemoAccounts> {
  const loading = (cached ??= withRetries(() => getDemoAccounts()));
  loading.then(
    (accounts) => {
      if (cached === loading) loaded = accounts;
    },
    // A failure is not kept: the next visit asks again.
    () => {
      if (cached === loading) cached = null;
    },
  );
  return loading;
}

/** The demo accounts once they have loaded; undefined before that or when they cannot load. */
export function useDemoAccounts(): { data: DemoAccounts | undefined } {
  const [data, setData] = useState<DemoAccounts | undefined>(() => loaded);
  useEffect(() => {
    if (loaded) return;
    let current = true;
    loadDemoAccounts().then(
      (accounts) => current && setData(accounts),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, []);
  return { data };
}
