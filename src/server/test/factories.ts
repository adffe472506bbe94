import { randomUUID } from 'node:crypto';
import type { Role } from '@domain/roles';
import { hashPassword } from '../auth/passwords';
import type { Database } from '../db/connect';
import { users } from '../db/schema';

export const TEST_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | undefined;

/** A user row with a known password (hashed once per test file: scrypt is slow on purpose). */
export async function buildUser(
  db: Database,
  overrides: { role?: Role; email?: string; full_name?: string } = {},
) {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const role = overrides.role ?? 'student';
  const [user] = await db
    .insert(users)
    .values({
      email: overrides.email ?? `${role}-${randomUUID().slice(0, 8)}@example.test`,
      full_name: overrides.full_name ?? (role === 'teacher' ? 'Test Teacher' : 'Test Student'),
      role,
      password_hash: await passwordHash,
    })
    .returning({ id: users.id, email: users.email, full_name: users.full_name, role: users.role });
  if (!user) throw new Error('user was not inserted');
  return user;
}
