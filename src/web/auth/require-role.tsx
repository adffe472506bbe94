import { Navigate, Outlet, useLocation } from 'react-router';
import { dashboardPathFor, type Role } from '@domain/roles';
import { PageSpinner } from '@web/components/ui/spinner';
import { paths } from '@web/lib/paths';
import { useAuth } from './auth-context';
import type { SignInState } from './return-path';

/**
 * SPEC §2 guard: spinner while the session loads, /login without a user (remembering the page
 * asked for, so signing in leads back to it), own dashboard for the wrong role.
 */
export function RequireRole({ role }: { role: Role }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <PageSpinner />;
  if (auth.status === 'anonymous') {
    const state: SignInState = { from: `${location.pathname}${location.search}` };
    return <Navigate to={paths.login()} replace state={state} />;
  }
  if (auth.user.role !== role) return <Navigate to={dashboardPathFor(auth.user.role)} replace />;
  return <Outlet />;
}
