// Access tokens are short-lived JWTs (HS256, 1 hour) kept in the browser's memory only. Each
// names its session (`sid`, the refresh-token family), which the server checks on every request,
// so signing out or a detected refresh-token theft ends the access token too (decision 017).
// Refresh tokens are random strings; only their SHA-256 is stored (see auth.service.ts).
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@domain/roles';
import { ACCESS_TOKEN_TTL_SECONDS } from '@domain/limits';

const ISSUER = 'mylo-classroom';
const AUDIENCE = 'mylo-classroom-api';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface AccessClaims {
  userId: string;
  role: Role;
  /** The session (refresh-token family) the token was issued for. */
  sessionId: string;
}

export interface TokenSigner {
  signAccessToken(claims: AccessClaims, now?: Date): Promise<{ token: string; expiresAt: number }>;
  verifyAccessToken(token: string): Promise<AccessClaims | null>;
}

/**
 * How many verified access tokens are remembered. Verifying one is an HMAC through WebCrypto
 * (a thread-pool hop per request); a token is verified once, then read from memory until it
 * expires. Oldest first out past the bound, so a flood of distinct tokens costs memory once.
 */
const VERIFIED_TOKENS_KEPT = 10_000;

export function createTokenSigner(secret: string, clock: () => number = Date.now): TokenSigner {
  const key = new TextEncoder().encode(secret);
  // What a token says depends only on its bytes and the secret: a token that verified once
  // says the same until its expiry, checked on every read. Whether its session still stands
  // is not remembered here (session-check.ts decides that on every request).
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number }>();
  const remember = (token: string, claims: AccessClaims, expiresAtMs: number) => {
    if (verified.size >= VERIFIED_TOKENS_KEPT) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAtMs });
  };
  return {
    async signAccessToken({ userId, role, sessionId }, now = new Date()) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ role, sid: sessionId })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(key);
      return { token, expiresAt };
    },
    async verifyAccessToken(token) {
      const known = verified.get(token);
      if (known) {
        if (clock() < known.expiresAtMs) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          currentDate: new Date(clock()),
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
          // A token without an expiry would be valid for ever; one issued longer ago than the
          // lifetime we issue is not one of ours.
          requiredClaims: ['exp', 'iat', 'sub'],
          maxTokenAge: ACCESS_TOKEN_TTL_SECONDS,
        });
        const { role, sid, sub, exp, iat } = payload;
        if (typeof sub !== 'string' || (role !== 'teacher' && role !== 'student')) return null;
        if (typeof sid !== 'string' || !UUID.test(sid) || !UUID.test(sub)) return null;
        if (exp === undefined || iat === undefined || exp - iat > ACCESS_TOKEN_TTL_SECONDS) {
          return null;
        }
        const claims: AccessClaims = { userId: sub, role, sessionId: sid };
        remember(token, claims, exp * 1000);
        return claims;
      } catch {
        return null;
      }
    },
  };
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
