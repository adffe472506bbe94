// The demo accounts (docs/decisions/003): who they are is fixed here, because the sign-in
// screen lists them and start-up prints them; src/server/demo/ creates them in an empty
// database.
import { inArray } from 'drizzle-orm';
import { isLoopbackHost, type Config } from '../config';
import type { Database } from '../db/connect';
import { users } from '../db/schema';

export type DemoAccountKey = 'maya' | 'alex' | 'sam';

export interface DemoAccount {
  key: DemoAccountKey;
  full_name: string;
  email: string;
  role: 'teacher' | 'student';
}

/** In the order the sign-in screen lists them: the teacher first. */
export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  { key: 'maya', full_name: 'Dr. Maya Chen', email: 'maya.chen@school.test', role: 'teacher' },
  { key: 'alex', full_name: 'Alex Rivera', email: 'alex.rivera@school.test', role: 'student' },
  { key: 'sam', full_name: 'Sam Patel', email: 'sam.patel@school.test', role: 'student' },
];

/** The demo accounts that exist in this database, in the order the sign-in screen lists them. */
export async function listDemoAccounts(db: Database) {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const rows = await db
    .select({ email: users.email, full_name: users.full_name, role: users.role })
    .from(users)
    .where(inArray(users.email, emails));
  return emails.flatMap((email) => rows.filter((row) => row.email === email));
}

/**
 * The line start-up refuses with when the demo accounts (whose password is printed and shown on
 * the sign-in screen) would be reachable from the network: on a HOST other than loopback, unless
 * ALLOW_DEMO_ON_NETWORK=true. config.ts refuses SEED_DEMO there; this also catches demo accounts
 * an earlier local run left in the database. Null when start-up may go on.
 */
export async function demoOnNetworkProblem(
  db: Database,
  config: Pick<Config, 'host' | 'allowDemoOnNetwork'>,
): Promise<string | null> {
  if (isLoopbackHost(config.host) || config.allowDemoOnNetwork) return null;
  const present = await listDemoAccounts(db);
  if (present.length === 0) return null;
  return `Refusing to start on HOST=${config.host}: the database holds the demo accounts (${present.map((a) => a.email).join(', ')}), whose password is published; use a database without demo data, or set ALLOW_DEMO_ON_NETWORK=true to accept that.`;
}
