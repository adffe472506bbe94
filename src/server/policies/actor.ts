// Who is acting. Every service function takes the actor first (DESIGN §1) and asks a policy
// before it reads or writes; the HTTP layer only turns a bearer token into an Actor.
import type { Role } from '@domain/roles';
import { AppError } from '../errors';

export interface Actor {
  id: string;
  role: Role;
}

/**
 * A role the function needs, whatever the thing: a student creating a course, a teacher
 * submitting work. The caller knows their own role, so this is a 403, not a 404.
 */
export function requireRole(actor: Actor, role: Role): void {
  if (actor.role !== role) throw new AppError(403, 'FORBIDDEN', `Only a ${role} can do this.`);
}
