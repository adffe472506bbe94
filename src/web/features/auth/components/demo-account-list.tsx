import { Badge } from '@web/components/ui/badge';
import { roleLabel } from '@web/lib/role-label';
import { type DemoAccount, useDemoAccounts } from '../api/get-demo-accounts';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();

/** Demo accounts from the server; renders nothing when none are seeded or they cannot load. */
export function DemoAccountList({
  onPick,
}: {
  onPick: (account: DemoAccount, password: string) => void;
}) {
  const { data } = useDemoAccounts();
  const password = data?.password;
  if (!data || data.items.length === 0 || !password) return null;

  return (
    <section aria-labelledby="demo-accounts-heading" className="mt-8 border-t border-gray-100 pt-6">
      <h2 id="demo-accounts-heading" className="text-sm font-semibold text-gray-900">
        Demo accounts
      </h2>
      <p className="mt-1 text-xs text-gray-500">
        Choose an account to fill in its email and password.
      </p>
      <ul className="mt-3 space-y-2">
        {data.items.map((account) => (
          <li key={account.email}>
            <button
              type="button"
              onClick={() => onPick(account, password)}
              className="flex w-full items-center gap-3 rounded-lg border border-gray-200 bg-white px-3 py-2.5 text-left transition-colors hover:border-indigo-300 hover:bg-indigo-50/50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
            >
              <span
                aria-hidden="true"
                className="flex size-9 shrink-0 items-center justify-center rounded-full bg-gray-100 text-xs font-semibold text-gray-600"
              >
                {initials(account.full_name)}
              </span>
              <span className="min-w-0 flex-1">
                <span className="sr-only">Use demo account: </span>
                <span className="block text-sm font-medium break-words text-gray-900">
                  {account.full_name}
                </span>
                <span className="block text-xs break-all text-gray-500">{account.email}</span>
              </span>
              <Badge tone={account.role === 'teacher' ? 'indigo' : 'blue'}>
                {roleLabel(account.role)}
              </Badge>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
