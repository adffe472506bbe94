import { type FormEvent, useRef, useState } from 'react';
import { CircleAlert } from 'lucide-react';
import { useAuth } from '@web/auth/auth-context';
import { Button } from '@web/components/ui/button';
import { ApiError } from '@web/lib/api-error';
import { requestToaster, toast } from '@web/lib/toast';
import { DemoAccountList } from './demo-account-list';

const inputClass =
  'mt-1.5 block h-10 w-full rounded-lg border border-gray-500 bg-white px-3 text-sm text-gray-900 ' +
  'shadow-sm placeholder:text-gray-500 focus:border-indigo-600 focus:outline-2 focus:outline-offset-0 ' +
  'focus:outline-indigo-500/30';

/**
 * Signs in; the screen around it then moves on (pages/login.tsx, app.tsx). Without React Router,
 * like the rest of the sign-in screen. `onSignInStarted` runs as the form is sent.
 */
export function SignInForm({ onSignInStarted }: { onSignInStarted?: () => void }) {
  const { signIn } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submitRef = useRef<HTMLButtonElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Either way a toast follows: its live region (and sonner) load while the request runs.
    void requestToaster();
    onSignInStarted?.();
    setBusy(true);
    setError(null);
    try {
      await signIn(email, password);
      // Earlier failures no longer apply once the user is in. The screen, now signed in, goes
      // on to the page asked for (returnPathAfterSignIn).
      toast.dismiss();
      toast.success('Successfully logged in!');
    } catch (caught) {
      // SPEC §8: the server's own message when it gave one, a generic one otherwise.
      const message =
        caught instanceof ApiError && caught.message
          ? caught.message
          : 'Login failed. Please check your credentials.';
      setError(message);
      toast.error(message);
      setBusy(false);
    }
  }

  function handlePickDemoAccount(account: { email: string }, demoPassword: string) {
    setEmail(account.email);
    setPassword(demoPassword);
    setError(null);
    // Filled in, not submitted: Enter or a click on "Sign in" finishes the job.
    submitRef.current?.focus();
  }

  return (
    <>
      <form onSubmit={handleSubmit} className="space-y-5">
        {error && (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-700"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>{error}</span>
          </div>
        )}
        <div>
          <label htmlFor="email" className="block text-sm font-medium text-gray-700">
            Email
          </label>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            placeholder="you@school.edu"
            className={inputClass}
          />
        </div>
        <div>
          <label htmlFor="password" className="block text-sm font-medium text-gray-700">
            Password
          </label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            className={inputClass}
          />
        </div>
        <Button ref={submitRef} type="submit" size="lg" className="w-full" disabled={busy}>
          {busy ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
      <DemoAccountList onPick={handlePickDemoAccount} />
    </>
  );
}
