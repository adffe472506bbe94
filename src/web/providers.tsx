import type { ReactNode } from 'react';
import { AuthProvider } from './auth/auth-provider';
import { ToastHost } from './layout/toast-host';

/**
 * Around every route. Only what /login needs too: TanStack Query's provider comes with the
 * signed-in frame (layout/app-shell), sonner with the first toast (lib/toast).
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      <AuthProvider>{children}</AuthProvider>
      <ToastHost />
    </>
  );
}
