// Access tokens are short-lived JWTs (HS256, 1 hour) kept in the browser's memory only.
// Refresh tokens are random strings; only their SHA-256 is stored (see auth.service.ts).
import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Role } from '@domain/roles';
import { ACCESS_TOKEN_TTL_SECONDS } from '@domain/limits';

const ISSUER = 'mylo-classroom';
const AUDIENCE = 'mylo-classroom-api';

export interface AccessClaims {
  userId: string;
  role: Role;
}

export interface TokenSigner {
  signAccessToken(claims: AccessClaims, now?: Date): Promise<{ token: string; expiresAt: number }>;
  verifyAccessToken(token: string): Promise<AccessClaims | null>;
}

export function createTokenSigner(secret: string): TokenSigner {
  const key = new TextEncoder().encode(secret);
  return {
    async signAccessToken({ userId, role }, now = new Date()) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      const expiresAt = issuedAt + ACCESS_TOKEN_TTL_SECONDS;
      const token = await new SignJWT({ role })
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
      try {
        const { payload } = await jwtVerify(token, key, {
          issuer: ISSUER,
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        const role = payload.role;
        if (typeof payload.sub !== 'string' || (role !== 'teacher' && role !== 'student'))
          return null;
        return { userId: payload.sub, role };
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
