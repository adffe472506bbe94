import { Navigate, Outlet } from 'react-router';
import { dashboardPathFor, type Role } from '@domain/roles';
import { PageSpinner } from '@web/components/ui/spinner';
import { paths } from '@web/lib/paths';
import { useAuth } from './auth-context';

/** SPEC §2 guard: spinner while the session loads, /login without a user, own dashboard otherwise. */
export function RequireRole({ role }: { role: Role }) {
  const auth = useAuth();
  if (auth.status === 'loading') return <PageSpinner />;
  if (auth.status === 'anonymous') return <Navigate to={paths.login()} replace />;
  if (auth.user.role !== role) return <Navigate to={dashboardPathFor(auth.user.role)} replace />;
  return <Outlet />;
}
