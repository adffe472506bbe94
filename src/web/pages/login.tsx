import { Navigate, useLocation } from 'react-router';
import { useAuth } from '@web/auth/auth-context';
import { returnPathAfterSignIn } from '@web/auth/return-path';
import { LoginScreen } from './login-screen';

/** The /login route: the sign-in screen, or on to the page asked for once signed in. */
export function LoginPage() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'authenticated') {
    return <Navigate to={returnPathAfterSignIn(auth.user.role, location.state)} replace />;
  }
  return <LoginScreen />;
}
