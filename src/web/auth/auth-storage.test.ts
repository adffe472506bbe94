import { describe, expect, it } from 'vitest';
import type { User } from '@domain/schemas/auth';
import { AUTH_STORAGE_KEY, clearStoredUser, readStoredUser, storeUser } from './auth-storage';

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    values,
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    removeItem: (key: string) => void values.delete(key),
  };
}

const user: User = {
  id: '7f1c1a2e-3c1b-4a55-9a51-1f0f7c2f4b10',
  email: 'maya.chen@school.test',
  full_name: 'Maya Chen',
  role: 'teacher',
};

describe('auth storage', () => {
  it('keeps the profile and the authenticated flag, and nothing else', () => {
    const storage = memoryStorage();
    storeUser(user, storage);
    expect(JSON.parse(storage.values.get(AUTH_STORAGE_KEY) ?? '')).toEqual({
      isAuthenticated: true,
      user,
    });
    expect(readStoredUser(storage)).toEqual(user);
  });

  it('forgets the profile on sign-out', () => {
    const storage = memoryStorage();
    storeUser(user, storage);
    clearStoredUser(storage);
    expect(readStoredUser(storage)).toBeNull();
  });

  it('removes an entry it cannot trust instead of using it', () => {
    const storage = memoryStorage();
    storage.setItem(AUTH_STORAGE_KEY, '{"isAuthenticated":true,"user":{"role":"admin"}}');
    expect(readStoredUser(storage)).toBeNull();
    expect(storage.values.has(AUTH_STORAGE_KEY)).toBe(false);

    storage.setItem(AUTH_STORAGE_KEY, 'not json');
    expect(readStoredUser(storage)).toBeNull();
  });
});
