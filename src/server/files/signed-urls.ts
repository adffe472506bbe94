// Signed file URLs (DESIGN §8): the token itself is the permission to read one stored file
// until it expires. token = base64url(JSON {path, exp}) + '.' + base64url(HMAC-SHA256).
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The longest link we hand out: the viewer's 72000 s (SPEC §9) with room to spare. */
export const SIGNED_URL_MAX_SECONDS = 86_400;
export const SIGNED_FILE_ROUTE = '/api/files/signed';

export type VerifiedToken =
  { ok: true; path: string; expiresAt: Date } | { ok: false; reason: 'invalid' | 'expired' };

export interface FileUrlSigner {
  sign(path: string, expiresInSeconds: number, now?: Date): { token: string; expiresAt: Date };
  verify(token: string, now?: Date): VerifiedToken;
}

/**
 * The key is derived from the app secret with its own label, so a file token can never be
 * mistaken for (or help forge) an access token signed with the same secret.
 */
export function createFileUrlSigner(secret: string): FileUrlSigner {
  const key = createHmac('sha256', secret).update('mylo:signed-file-url:v1').digest();
  const mac = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    sign(path, expiresInSeconds, now = new Date()) {
      const exp = Math.floor(now.getTime() / 1000) + Math.floor(expiresInSeconds);
      const payload = Buffer.from(JSON.stringify({ path, exp })).toString('base64url');
      return {
        token: `${payload}.${mac(payload).toString('base64url')}`,
        expiresAt: new Date(exp * 1000),
      };
    },

    verify(token, now = new Date()) {
      const [payload, signature, ...rest] = token.split('.');
      if (!payload || !signature || rest.length > 0) return { ok: false, reason: 'invalid' };
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        return { ok: false, reason: 'invalid' };
      }
      const claims = parseClaims(payload);
      if (!claims) return { ok: false, reason: 'invalid' };
      if (claims.exp * 1000 <= now.getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, path: claims.path, expiresAt: new Date(claims.exp * 1000) };
    },
  };
}

function parseClaims(payload: string): { path: string; exp: number } | null {
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (typeof claims !== 'object' || claims === null) return null;
    const { path, exp } = claims as Record<string, unknown>;
    return typeof path === 'string' && typeof exp === 'number' && Number.isFinite(exp)
      ? { path, exp }
      : null;
  } catch {
    return null;
  }
}
