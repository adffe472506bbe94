import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useAuth } from './auth/auth-context';
import { PageSpinner } from './components/ui/spinner';
import { describeError, ErrorScreen } from './layout/error-screen';
import { paths } from './lib/paths';
import { LoginScreen } from './pages/login-screen';

const loadRouterApp = () => import('./router-app');
const RouterApp = lazy(() => loadRouterApp().then((module) => ({ default: module.RouterApp })));

const startsOnLogin = () => window.location.pathname === paths.login();

// Any other page needs the router at once: ask for it now, not at the first render.
if (!startsOnLogin()) void loadRouterApp();

/**
 * The app. A visit that starts on /login signed out gets the sign-in screen alone: React Router
 * and every route (router.tsx) load once the user is in, or starts elsewhere, so /login stays
 * small (docs/decisions/023). From then on the router runs everything, /login included.
 */
export function App() {
  const auth = useAuth();
  const [routed, setRouted] = useState(() => !startsOnLogin());
  const signedIn = auth.status === 'authenticated';

  useEffect(() => {
    if (routed) return;
    if (signedIn) {
      setRouted(true);
      return;
    }
    // Back or Forward to another page of the app: the router takes over there.
    const onPopState = () => {
      if (!startsOnLogin()) setRouted(true);
    };
    window.addEventListener('popstate', onPopState);
    return () => window.removeEventListener('popstate', onPopState);
  }, [routed, signedIn]);

  return (
    <AppErrorBoundary>
      {routed || signedIn ? (
        <Suspense fallback={<PageSpinner />}>
          <RouterApp />
        </Suspense>
      ) : (
        // The router loads while the credentials are checked.
        <LoginScreen onSignInStarted={() => void loadRouterApp()} />
      )}
    </AppErrorBoundary>
  );
}

/**
 * What the router's errorElement (layout/root-error) does for the routes, for what is outside
 * them: the sign-in screen alone, and the router's own chunk failing to load.
 */
class AppErrorBoundary extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null };

  static getDerivedStateFromError(error: unknown) {
    return { message: describeError(error) };
  }

  override render() {
    const { message } = this.state;
    return message === null ? this.props.children : <ErrorScreen message={message} />;
  }
}
