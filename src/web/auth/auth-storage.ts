import { z } from 'zod';
import { type User, userSchema } from '@domain/schemas/auth';

// SPEC §3/§4: only the profile and an "authenticated" flag are kept locally. Tokens never are:
// the access token lives in memory, the refresh token in an httpOnly cookie (DESIGN §6).
export const AUTH_STORAGE_KEY = 'mylo.auth';

const storedAuthSchema = z.object({ isAuthenticated: z.literal(true), user: userSchema });

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const browserStorage = (): KeyValueStore => window.localStorage;

/** The stored user, or null. A corrupt or outdated entry is removed rather than trusted. */
export function readStoredUser(storage: KeyValueStore = browserStorage()): User | null {
  const raw = storage.getItem(AUTH_STORAGE_KEY);
  if (raw === null) return null;
  try {
    return storedAuthSchema.parse(JSON.parse(raw)).user;
  } catch {
    storage.removeItem(AUTH_STORAGE_KEY);
    return null;
  }
}

export function storeUser(user: User, storage: KeyValueStore = browserStorage()): void {
  const entry: z.infer<typeof storedAuthSchema> = { isAuthenticated: true, user };
  storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(entry));
}

export function clearStoredUser(storage: KeyValueStore = browserStorage()): void {
  storage.removeItem(AUTH_STORAGE_KEY);
}
