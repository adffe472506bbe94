import type { TestApp } from './build-test-app';
import { buildUser, TEST_PASSWORD } from './factories';
import type { Role } from '@domain/roles';

let address = 0;

/** A new user of the role, signed in: `headers` carry its bearer token. */
export async function signedInUser(t: TestApp, role: Role, fullName?: string) {
  const user = await buildUser(t.database.db, { role, ...(fullName && { full_name: fullName }) });
  // A fresh address per sign-in keeps a long test file clear of the sign-in rate limit.
  address += 1;
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email: user.email, password: TEST_PASSWORD },
    remoteAddress: `10.77.${Math.floor(address / 250)}.${address % 250}`,
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.body}`);
  const token = response.json<{ access_token: string }>().access_token;
  return { ...user, headers: { authorization: `Bearer ${token}` } };
}
