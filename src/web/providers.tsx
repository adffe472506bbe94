import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { AuthProvider } from './auth/auth-provider';
import { queryClient } from './lib/query-client';

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>{children}</AuthProvider>
      {/* Lifted above the Mylo chat button, which sits in the same corner. */}
      <Toaster position="bottom-right" offset={{ bottom: 88, right: 24 }} richColors />
    </QueryClientProvider>
  );
}
