import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

// Client errors (bad input, not found, forbidden) will not change on a retry; network and
// server hiccups might.
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { staleTime: 30_000, retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
