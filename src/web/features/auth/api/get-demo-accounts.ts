import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { ROLES } from '@domain/roles';
import { api } from '@web/lib/api-client';

const demoAccountsSchema = z.object({
  items: z.array(z.object({ email: z.string(), full_name: z.string(), role: z.enum(ROLES) })),
  /** Shared by all demo accounts; null when no demo data is seeded. */
  password: z.string().nullable(),
});
export type DemoAccounts = z.infer<typeof demoAccountsSchema>;
export type DemoAccount = DemoAccounts['items'][number];

export function getDemoAccounts(signal?: AbortSignal): Promise<DemoAccounts> {
  return api.get('/api/auth/demo-accounts', { schema: demoAccountsSchema, signal });
}

export const demoAccountsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'demo-accounts'],
    queryFn: ({ signal }) => getDemoAccounts(signal),
    // Seeded once at start-up: they do not change while the page is open.
    staleTime: Infinity,
  });

export const useDemoAccounts = () => useQuery(demoAccountsQueryOptions());
