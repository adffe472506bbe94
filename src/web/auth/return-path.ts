import { dashboardPathFor, type Role } from '@domain/roles';

/** What the guard hands the sign-in screen: the page that was asked for. */
export interface SignInState {
  from?: string;
}

/**
 * Where to go after signing in: the page asked for when it belongs to the user's role (a deep
 * link, or a page whose session ended), the role's dashboard otherwise. Only paths of this app
 * qualify, never another site.
 */
export function returnPathAfterSignIn(role: Role, state: unknown): string {
  const from = (state as SignInState | null)?.from;
  if (typeof from === 'string' && from.startsWith(`/${role}/`) && !from.startsWith('//')) {
    return from;
  }
  return dashboardPathFor(role);
}
