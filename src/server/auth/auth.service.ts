// Sign-up, sign-in, refresh-token rotation and sign-out. Auth is the one feature that runs
// before there is an actor, so these functions take their dependencies instead; the limits on
// guessing and on creating accounts live here too (docs/security.md).
import { randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { REFRESH_TOKEN_TTL_SECONDS } from '@domain/limits';
import type { AuthSession, SignInInput, SignUpInput, User } from '@domain/schemas/auth';
import type { Config } from '../config';
import type { Database } from '../db/connect';
import { preparedFor } from '../db/prepared';
import { refreshTokens, users } from '../db/schema';
import {
  AppError,
  conflict,
  invalidField,
  RateLimitedError,
  unauthorized,
  unprocessable,
} from '../errors';
import type { AbuseLimits } from '../limits/abuse-limits';
import { clientAddressKey } from '../limits/client-address';
import { ConcurrencyLimitError } from '../workers/concurrency-limit';
import { isCommonPassword } from './common-passwords';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { hashRefreshToken, newRefreshToken, type TokenSigner } from './tokens';

export interface AuthDeps {
  db: Database;
  tokens: TokenSigner;
  limits: AbuseLimits;
  config: Pick<Config, 'signUp'>;
  /** Told when a session ends here, so its access tokens stop at once (session-check.ts). */
  sessionEnded?: (sessionId: string) => void;
}

/** Where a sign-in or sign-up comes from (the client address Fastify reports). */
export interface AuthClient {
  ip: string;
}

/** Same answer for an unknown email and a wrong password, so accounts cannot be probed. */
const invalidCredentials = () =>
  new AppError(401, 'INVALID_CREDENTIALS', 'Invalid email or password.');

const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please wait a few minutes and try again.';
const TOO_MANY_FROM_NETWORK =
  'Too many failed attempts from your network. Please wait a few minutes and try again.';
const TOO_MANY_SIGN_UPS =
  'Too many accounts were created from your network. Please try again later.';
export const COMMON_PASSWORD_MESSAGE =
  'This password is too common. Choose one that is harder to guess.';
const busy = () =>
  new AppError(503, 'SERVICE_UNAVAILABLE', 'The server is busy. Please try again in a moment.');

/** Password hashing is bounded (passwords.ts); a full queue is "busy", not a server error. */
async function hashing<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ConcurrencyLimitError) throw busy();
    throw error;
  }
}

async function refuseBlockedAddress(limits: AbuseLimits, address: string, message: string) {
  const { failuresByAddress, settings } = limits;
  if ((await failuresByAddress.count(address)) >= settings.signIn.addressFailures) {
    throw new RateLimitedError(message, await failuresByAddress.retryAfterMs(address));
  }
}

/** Who may hold an account of this role with this email (TEACHER_SIGNUP, *_EMAIL_DOMAINS). */
export function assertMaySignUp(
  config: Pick<Config, 'signUp'>,
  input: Pick<SignUpInput, 'email' | 'role'>,
): void {
  const domain = input.email.split('@').pop() ?? '';
  const rules = config.signUp;
  if (input.role === 'teacher') {
    if (rules.teacher === 'closed') {
      throw unprocessable(
        "Teacher accounts are created by the school's administrator. Ask them for an account, or sign up as a student.",
        [{ path: 'body.role', message: 'Teacher sign-up is closed.' }],
      );
    }
    if (rules.teacher === 'domain' && !rules.teacherDomains.includes(domain)) {
      const message = `Teacher accounts need an email address at ${rules.teacherDomains.join(' or ')}.`;
      throw unprocessable(message, [{ path: 'body.email', message }]);
    }
  } else if (rules.studentDomains.length > 0 && !rules.studentDomains.includes(domain)) {
    const message = `Student accounts need an email address at ${rules.studentDomains.join(' or ')}.`;
    throw unprocessable(message, [{ path: 'body.email', message }]);
  }
}

/** Refuses a password on the common-password list (or the account's own email). */
export async function assertStrongEnoughPassword(password: string, email: string): Promise<void> {
  if (await isCommonPassword(password, email)) {
    throw invalidField('body.password', COMMON_PASSWORD_MESSAGE);
  }
}

const publicUser = {
  id: users.id,
  email: users.email,
  full_name: users.full_name,
  role: users.role,
};

/**
 * A new account from the sign-up form. Refused when the role's rules do not allow the email, the
 * password is common, the address has created too many accounts or failed too often; an email
 * that already has an account counts as a failure of the address, like a wrong password.
 */
export async function signUp(
  deps: AuthDeps,
  input: SignUpInput,
  client: AuthClient,
): Promise<User> {
  const { limits } = deps;
  const address = clientAddressKey(client.ip);
  await refuseBlockedAddress(limits, address, TOO_MANY_FROM_NETWORK);
  assertMaySignUp(deps.config, input);
  await assertStrongEnoughPassword(input.password, input.email);
  if ((await limits.signUpsByAddress.count(address)) >= limits.settings.signUpsPerHour) {
    throw new RateLimitedError(
      TOO_MANY_SIGN_UPS,
      await limits.signUpsByAddress.retryAfterMs(address),
    );
  }
  await limits.signUpsByAddress.add(address);
  try {
    return await createAccount(deps, input);
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409)
      await limits.failuresByAddress.add(address);
    throw error;
  }
}

/**
 * A teacher account made by the administrator (`npm run create-teacher`): whatever
 * TEACHER_SIGNUP says, but with the same password rules as the form.
 */
export async function createTeacherAccount(
  deps: Pick<AuthDeps, 'db'>,
  input: Omit<SignUpInput, 'role'>,
): Promise<User> {
  await assertStrongEnoughPassword(input.password, input.email);
  return createAccount(deps, { ...input, role: 'teacher' });
}

/**
 * Creates an account with no sign-up rule or limit: the server's own accounts (the demo seed)
 * and the administrator's. Every client-facing path goes through signUp instead.
 */
export async function createAccount(
  { db, clock = () => new Date() }: Pick<AuthDeps, 'db'> & { clock?: () => Date },
  input: SignUpInput,
): Promise<User> {
  const passwordHash = await hashing(() => hashPassword(input.password));
  const now = clock();
  const [user] = await db
    .insert(users)
    .values({
      created_at: now,
      updated_at: now,
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

/**
 * Checks an email and password. Only failures count against the limits: per account (known or
 * not, so a lock says nothing about whether the account exists) with a growing wait, and per
 * client address. A success clears the account's failures.
 */
export async function signIn(
  { db, limits }: AuthDeps,
  input: SignInInput,
  client: AuthClient,
): Promise<User> {
  const address = clientAddressKey(client.ip);
  await refuseBlockedAddress(limits, address, TOO_MANY_SIGN_INS);
  const lockedFor = await limits.signInAccounts.lockedForMs(input.email);
  if (lockedFor > 0) throw new RateLimitedError(TOO_MANY_SIGN_INS, lockedFor);

  const [row] = await db
    .select({ ...publicUser, password_hash: users.password_hash })
    .from(users)
    .where(eq(users.email, input.email));
  // Hash even for unknown emails, so both failures take the same time.
  const valid = await hashing(async () =>
    verifyPassword(input.password, row?.password_hash ?? (await dummyPasswordHash())),
  );
  if (!row || !valid) {
    await limits.signInAccounts.recordFailure(input.email);
    await limits.failuresByAddress.add(address);
    throw invalidCredentials();
  }
  await limits.signInAccounts.recordSuccess(input.email);
  const { password_hash: _hash, ...user } = row;
  return user;
}

/** A session as issued, before the route decides whether the body carries the refresh token. */
export type IssuedSession = AuthSession & { refresh_token: string };

/** A new access token plus a refresh token in the given family (a new family on sign-in). */
export async function issueSession(
  { db, tokens }: Pick<AuthDeps, 'db' | 'tokens'>,
  user: User,
  familyId: string = randomUUID(),
): Promise<IssuedSession> {
  const refreshToken = newRefreshToken();
  // One clock reading for the whole session: read twice, a second boundary between the reads
  // made `expires_in` 3599 instead of the token's lifetime.
  const issuedAt = new Date();
  await db.insert(refreshTokens).values({
    user_id: user.id,
    token_hash: hashRefreshToken(refreshToken),
    family_id: familyId,
    expires_at: new Date(issuedAt.getTime() + REFRESH_TOKEN_TTL_SECONDS * 1000),
  });
  const access = await tokens.signAccessToken(
    { userId: user.id, role: user.role, sessionId: familyId },
    issuedAt,
  );
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: access.expiresAt - Math.floor(issuedAt.getTime() / 1000),
    expires_at: access.expiresAt,
    refresh_token: refreshToken,
    user,
  };
}

/**
 * Spends a refresh token and issues the next one in its family. A token that was already
 * spent is evidence of theft: the whole family is revoked, signing out every copy.
 */
export async function refreshSession(
  deps: Pick<AuthDeps, 'db' | 'tokens' | 'sessionEnded'>,
  refreshToken: string,
): Promise<IssuedSession> {
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
      return { kind: 'reuse', familyId: known.familyId } as const;
    }
    return { kind: 'reject' } as const;
  });
  if (outcome.kind === 'reuse') deps.sessionEnded?.(outcome.familyId);
  if (outcome.kind !== 'rotate')
    throw unauthorized('Your session has ended. Please sign in again.');
  return outcome.session;
}

/** Signing out ends this browser's session: every token of its family stops working. */
export async function signOut(
  { db, sessionEnded }: Pick<AuthDeps, 'db' | 'sessionEnded'>,
  refreshToken: string | undefined,
): Promise<void> {
  if (!refreshToken) return;
  const [row] = await db
    .select({ familyId: refreshTokens.family_id })
    .from(refreshTokens)
    .where(eq(refreshTokens.token_hash, hashRefreshToken(refreshToken)));
  if (!row) return;
  await revokeFamily(db, row.familyId);
  sessionEnded?.(row.familyId);
}

export async function getUser(
  { db }: Pick<AuthDeps, 'db'>,
  userId: string,
): Promise<User | undefined> {
  const [user] = await db.select(publicUser).from(users).where(eq(users.id, userId));
  return user;
}

/**
 * Whether an access token's session still stands: its family has a live refresh token. Signing
 * out and reuse of a spent refresh token revoke the family, and so every access token of it.
 * One lookup by an indexed column per signed-in request.
 */
export async function isSessionActive(
  { db }: Pick<AuthDeps, 'db'>,
  userId: string,
  sessionId: string,
): Promise<boolean> {
  // Asked on every signed-in request (session-check.ts keeps a live answer for seconds only).
  const [live] = await preparedFor(db, 'session_is_active', () =>
    db
      .select({ id: refreshTokens.id })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.family_id, sql.placeholder('sessionId')),
          eq(refreshTokens.user_id, sql.placeholder('userId')),
          isNull(refreshTokens.revoked_at),
          gt(refreshTokens.expires_at, sql`now()`),
        ),
      )
      .limit(1),
  ).execute({ sessionId, userId });
  return live !== undefined;
}

async function revokeFamily(db: Pick<Database, 'update'>, familyId: string) {
  await db
    .update(refreshTokens)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(refreshTokens.family_id, familyId), isNull(refreshTokens.revoked_at)));
}
