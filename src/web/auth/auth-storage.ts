import type { User } from '@domain/schemas/auth';
import { readUser } from '@domain/schemas/readers';

// SPEC §3/§4: only the profile and an "authenticated" flag are kept locally. Tokens never are:
// the access token lives in memory, the refresh token in an httpOnly cookie (DESIGN §6).
export const AUTH_STORAGE_KEY = 'mylo.auth';

interface StoredAuth {
  isAuthenticated: true;
  user: User;
}

// Read on every page load, /login's included: userSchema's zod-free reader (docs/decisions/023).
function readStoredAuth(value: unknown): StoredAuth | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const { isAuthenticated, user } = value as Record<string, unknown>;
  const parsedUser = readUser(user);
  return isAuthenticated === true && parsedUser ? { isAuthenticated, user: parsedUser } : null;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
const browserStorage = (): KeyValueStore => window.localStorage;

/** The stored user, or null. A corrupt or outdated entry is removed rather than trusted. */
export function readStoredUser(storage: KeyValueStore = browserStorage()): User | null {
  const raw = storage.getItem(AUTH_STORAGE_KEY);
  if (raw === null) return null;
  let stored: StoredAuth | null = null;
  try {
    stored = readStoredAuth(JSON.parse(raw));
  } catch {
    // Not JSON: as corrupt as a wrong shape.
  }
  if (!stored) storage.removeItem(AUTH_STORAGE_KEY);
  return stored?.user ?? null;
}

export function storeUser(user: User, storage: KeyValueStore = browserStorage()): void {
  const entry: StoredAuth = { isAuthenticated: true, user };
  storage.setItem(AUTH_STORAGE_KEY, JSON.stringify(entry));
}

export function clearStoredUser(storage: KeyValueStore = browserStorage()): void {
  storage.removeItem(AUTH_STORAGE_KEY);
}
