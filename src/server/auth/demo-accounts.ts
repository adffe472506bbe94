import { inArray } from 'drizzle-orm';
import type { Database } from '../db/connect';
import { DEMO_ACCOUNTS } from '../db/demo-data';
import { users } from '../db/schema';

/** The demo accounts that exist in this database, in the order the sign-in screen lists them. */
export async function listDemoAccounts(db: Database) {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const rows = await db
    .select({ email: users.email, full_name: users.full_name, role: users.role })
    .from(users)
    .where(inArray(users.email, emails));
  return emails.flatMap((email) => rows.filter((row) => row.email === email));
}
