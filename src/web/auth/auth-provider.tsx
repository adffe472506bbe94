import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { AuthSession } from '@domain/schemas/auth';
import { SESSION_REFRESH } from '@domain/limits';
import { api } from '@web/lib/api-client';
import { clearUserCaches } from '@web/lib/user-caches';
import { requestSignIn, requestSignOut } from './auth-api';
import { AuthContext, type AuthContextValue, type AuthState } from './auth-context';
import { AUTH_STORAGE_KEY, clearStoredUser, readStoredUser, storeUser } from './auth-storage';
import { refreshWithRetry } from './refresh-with-retry';
import { refreshRetryDelays, shouldRefresh } from './session-timing';

/** `expiresAt` (unix seconds) is unknown until the first refresh after a reload. */
type SessionState = AuthState & { expiresAt: number | null };

function initialState(): SessionState {
  // SPEC §4: a stored profile is trusted at once, so a reload renders without waiting.
  const user = readStoredUser();
  return user
    ? { status: 'authenticated', user, expiresAt: null }
    : { status: 'loading', user: null, expiresAt: null };
}

const refreshPersistently = (signal: AbortSignal) =>
  refreshWithRetry(() => api.refreshSession(), { delays: refreshRetryDelays(), signal });

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(initialState);

  const applySession = useCallback((session: AuthSession) => {
    api.setAccessToken(session.access_token);
    storeUser(session.user);
    setState({ status: 'authenticated', user: session.user, expiresAt: session.expires_at });
  }, []);

  const clearAuth = useCallback(() => {
    api.setAccessToken(null);
    clearStoredUser();
    // The next user of this browser must not see the previous user's cached data.
    clearUserCaches();
    setState({ status: 'anonymous', user: null, expiresAt: null });
  }, []);

  // Refreshes started anywhere (a 401 retry in the API client included) land here.
  useEffect(
    () =>
      api.onSessionEvent((event) =>
        event.type === 'refreshed' ? applySession(event.session) : clearAuth(),
      ),
    [applySession, clearAuth],
  );

  // On load the access token is gone (memory only): get a new one from the refresh cookie.
  useEffect(() => {
    const controller = new AbortController();
    refreshPersistently(controller.signal).catch(() => {
      if (!controller.signal.aborted) clearAuth();
    });
    return () => controller.abort();
  }, [clearAuth]);

  const expiresAt = state.expiresAt;
  useEffect(() => {
    if (expiresAt === null) return;
    const controller = new AbortController();
    let refreshing = false;
    const timer = setInterval(() => {
      if (refreshing || !shouldRefresh(expiresAt, Date.now())) return;
      refreshing = true;
      refreshPersistently(controller.signal)
        .catch(() => {
          if (!controller.signal.aborted) clearAuth();
        })
        .finally(() => {
          refreshing = false;
        });
    }, SESSION_REFRESH.tickMs);
    return () => {
      controller.abort();
      clearInterval(timer);
    };
  }, [expiresAt, clearAuth]);

  // Signing out in one tab signs out the others (they share the refresh cookie).
  useEffect(() => {
    const handleStorage = (event: StorageEvent) => {
      if (event.key === AUTH_STORAGE_KEY && event.newValue === null) clearAuth();
    };
    window.addEventListener('storage', handleStorage);
    return () => window.removeEventListener('storage', handleStorage);
  }, [clearAuth]);

  const signIn = useCallback(
    async (email: string, password: string) => {
      const session = await requestSignIn(email, password);
      applySession(session);
      return session.user;
    },
    [applySession],
  );

  const signOut = useCallback(async () => {
    try {
      await requestSignOut();
    } catch {
      // Signing out locally must not depend on the server answering.
    }
    clearAuth();
  }, [clearAuth]);

  const value = useMemo<AuthContextValue>(() => {
    const { expiresAt: _expiresAt, ...auth } = state;
    return { ...auth, signIn, signOut };
  }, [state, signIn, signOut]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
