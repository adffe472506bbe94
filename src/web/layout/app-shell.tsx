import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { useAuth } from '@web/auth/auth-context';
import { cn } from '@web/lib/cn';
import { queryClient } from '@web/lib/query-client';
import { requestToaster } from '@web/lib/toast';
import { TopBar } from './top-bar';

// Loaded on its own so that neither /login nor student pages download the chat code.
const MyloChatWidget = lazy(() =>
  import('@web/features/chat/components/mylo-chat-widget').then((module) => ({
    default: module.MyloChatWidget,
  })),
);

/**
 * The signed-in page frame: top bar above the route's content, with what only signed-in pages
 * use: TanStack Query's provider and the toaster. It comes with the router (router-app.tsx), which
 * a visit that starts on /login loads only once the user is in.
 */
export function AppShell() {
  const auth = useAuth();
  // Pages toast; the toaster's live region should be there before their first toast.
  useEffect(() => void requestToaster(), []);
  // Route modules load lazily; a thin bar shows that a click is being acted on.
  const isNavigating = useNavigation().state === 'loading';
  const showsChat = auth.status === 'authenticated' && auth.user.role === 'teacher';

  return (
    <QueryClientProvider client={queryClient}>
      <div className="min-h-screen bg-gray-50">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:shadow"
        >
          Skip to content
        </a>
        {isNavigating && (
          <div
            aria-hidden="true"
            className="fixed inset-x-0 top-0 z-40 h-0.5 animate-pulse bg-indigo-500"
          />
        )}
        {auth.status === 'authenticated' && <TopBar user={auth.user} />}
        {/* Room below the content so the round chat button never covers the last controls. */}
        <main
          id="main"
          className={cn('mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8', showsChat && 'pb-28')}
        >
          <Outlet />
        </main>
        {/* SPEC §5: the chat widget is shown only to a signed-in teacher. */}
        {showsChat && (
          <Suspense fallback={null}>
            <MyloChatWidget />
          </Suspense>
        )}
      </div>
    </QueryClientProvider>
  );
}
