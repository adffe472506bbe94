import { createContext, useContext } from 'react';
import type { User } from '@domain/schemas/auth';

export type AuthState =
  /** No stored profile yet: the session is being re-established from the refresh cookie. */
  | { status: 'loading'; user: null }
  | { status: 'anonymous'; user: null }
  | { status: 'authenticated'; user: User };

export type AuthContextValue = AuthState & {
  /** Throws the server's ApiError on refusal; resolves with the signed-in user. */
  signIn: (email: string, password: string) => Promise<User>;
  signOut: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
