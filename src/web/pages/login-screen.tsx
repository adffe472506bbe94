import { GraduationCap } from 'lucide-react';
import { useAuth } from '@web/auth/auth-context';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { SignInForm } from '@web/features/auth/components/sign-in-form';

/**
 * The sign-in screen itself, without React Router: a visit that starts on /login shows it
 * before the router is loaded (app.tsx); pages/login.tsx is its route. Once signed in, whoever
 * shows it moves on to the page the user was after.
 */
export function LoginScreen({ onSignInStarted }: { onSignInStarted?: () => void }) {
  const auth = useAuth();

  return (
    <div className="flex min-h-screen items-center justify-center bg-gradient-to-b from-indigo-50/60 via-gray-50 to-gray-50 px-4 py-12">
      <main className="w-full max-w-md">
        <div className="mb-8 text-center">
          <span className="mx-auto mb-4 flex size-12 items-center justify-center rounded-xl bg-indigo-600 text-white shadow-sm">
            <GraduationCap aria-hidden="true" className="size-7" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight text-gray-900">
            AI Teaching Assistant
          </h1>
          <p className="mt-2 text-sm text-gray-500">Sign in to your account to continue</p>
        </div>
        <Card className="p-6 sm:p-8">
          {auth.status === 'loading' ? (
            <div className="flex justify-center py-16">
              <Spinner />
            </div>
          ) : (
            <SignInForm onSignInStarted={onSignInStarted} />
          )}
        </Card>
      </main>
    </div>
  );
}
