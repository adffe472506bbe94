// A user's profile (id, email, name, role) for those DESIGN §7 lets read it.
import { eq } from 'drizzle-orm';
import type { User } from '@domain/schemas/auth';
import { users } from '../db/schema';
import type { ServiceDeps } from '../deps';
import { notFound } from '../errors';
import type { Actor } from '../policies/actor';
import { assertMayReadUser } from '../policies/user.policy';

export function createUserService({ db }: ServiceDeps) {
  return {
    /** The actor's own profile, or a student's for a teacher of one of their courses. */
    async get(actor: Actor, userId: string): Promise<User> {
      await assertMayReadUser(db, actor, userId);
      const [user] = await db
        .select({ id: users.id, email: users.email, full_name: users.full_name, role: users.role })
        .from(users)
        .where(eq(users.id, userId));
      if (!user) throw notFound('User');
      return user;
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
