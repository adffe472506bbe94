// Sign-up, sign-in, refresh-token rotation and sign-out. Auth is the one feature that runs
// before there is an actor, so these functions take their dependencies instead.
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_SECONDS } from '@domain/limits';
import type { AuthSession, SignInInput, SignUpInput, User } from '@domain/schemas/auth';
import type { Database } from '../db/connect';
import { refreshTokens, users } from '../db/schema';
import { AppError, conflict, unauthorized } from '../errors';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { hashRefreshToken, newRefreshToken, type TokenSigner } from './tokens';

export interface AuthDeps {
  db: Database;
  tokens: TokenSigner;
}

/** Same answer for an unknown email and a wrong password, so accounts cannot be probed. */
const invalidCredentials = () =>
  new AppError(401, 'INVALID_CREDENTIALS', 'Invalid email or password.');

const publicUser = {
  id: users.id,
  email: users.email,
  full_name: users.full_name,
  role: users.role,
};

export async function signUp({ db }: AuthDeps, input: SignUpInput): Promise<User> {
  const passwordHash = await hashPassword(input.password);
  const [user] = await db
    .insert(users)
    .values({
      email: input.email,
      full_name: input.full_name,
      role: input.role,
      password_hash: passwordHash,
    })
    .onConflictDoNothing({ target: users.email })
    .returning(publicUser);
  if (!user) throw conflict('An account with this email already exists.');
  return user;
}

export async function signIn({ db }: AuthDeps, input: SignInInput): Promise<User> {
  const [row] = await db
    .select({ ...publicUser, password_hash: users.password_hash })
    .from(users)
    .where(eq(users.email, input.email));
  // Hash even for unknown emails, so both failures take the same time.
  const valid = await verifyPassword(
    input.password,
    row?.password_hash ?? (await dummyPasswordHash()),
  );
  if (!row || !valid) throw invalidCredentials();
  const { password_hash: _hash, ...user } = row;
  return user;
}

/** A new access token plus a refresh token in the given family (a new family on sign-in). */
export async function issueSession(
  { db, tokens }: AuthDeps,
  user: User,
  familyId: string = randomUUID(),
): Promise<AuthSession> {
  const refreshToken = newRefreshToken();
  await db.insert(refreshTokens).values({
    user_id: user.id,
    token_hash: hashRefreshToken(refreshToken),
    family_id: familyId,
    expires_at: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  const access = await tokens.signAccessToken({ userId: user.id, role: user.role });
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: access.expiresAt - Math.floor(Date.now() / 1000),
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user,
  };
}

/**
 * Spends a refresh token and issues the next one in its family. A token that was already
 * spent is evidence of theft: the whole family is revoked, signing out every copy.
 */
export async function refreshSession(deps: AuthDeps, refreshToken: string): Promise<AuthSession> {
  const tokenHash = hashRefreshToken(refreshToken);
  const outcome = await deps.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(refreshTokens)
      .set({ revoked_at: sql`now()` })
      .where(
        and(
          eq(refreshTokens.token_hash, tokenHash),
          isNull(refreshTokens.revoked_at),
          gt(refreshTokens.expires_at, sql`now()`),
        ),
      )
      .returning({ userId: refreshTokens.user_id, familyId: refreshTokens.family_id });
    if (spent) {
      const [user] = await tx.select(publicUser).from(users).where(eq(users.id, spent.userId));
      if (!user) return { kind: 'reject' } as const;
      // The next token is written in the same transaction: a failure leaves the old one unspent.
      return {
        kind: 'rotate',
        session: await issueSession({ ...deps, db: tx }, user, spent.familyId),
      } as const;
    }
    const [known] = await tx
      .select({ familyId: refreshTokens.family_id, revokedAt: refreshTokens.revoked_at })
      .from(refreshTokens)
      .where(eq(refreshTokens.token_hash, tokenHash));
    if (known?.revokedAt) {
      await revokeFamily(tx, known.familyId);
      return { kind: 'reuse' } as const;
    }
    return { kind: 'reject' } as const;
  });
  if (outcome.kind !== 'rotate')
    throw unauthorized('Your session has ended. Please sign in again.');
  return outcome.session;
}

/** Signing out ends this browser's session: every token of its family stops working. */
export async function signOut({ db }: AuthDeps, refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  const [row] = await db
    .select({ familyId: refreshTokens.family_id })
    .from(refreshTokens)
    .where(eq(refreshTokens.token_hash, hashRefreshToken(refreshToken)));
  if (row) await revokeFamily(db, row.familyId);
}

export async function getUser({ db }: AuthDeps, userId: string): Promise<User | undefined> {
  const [user] = await db.select(publicUser).from(users).where(eq(users.id, userId));
  return user;
}

async function revokeFamily(db: Pick<Database, 'update'>, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)));
}
