import { QueryClient } from '@tanstack/react-query';
import { retryDelay, shouldRetry } from './retry-policy';
import { registerUserCache } from './user-caches';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: shouldRetry, retryDelay, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// The next user of this browser must not see the previous user's cached data.
registerUserCache(() => queryClient.clear());
