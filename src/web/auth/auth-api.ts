import type { AuthSession } from '@domain/schemas/auth';
import { api, loadAuthSessionSchema } from '@web/lib/api-client';

export function requestSignIn(email: string, password: string): Promise<AuthSession> {
  return api.post('/api/auth/sign-in', { email, password }, { schema: loadAuthSessionSchema });
}

/** Revokes the refresh token and clears its cookie on the server. */
export function requestSignOut(): Promise<void> {
  return api.post('/api/auth/sign-out');
}
