import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '@domain/limits';
import { createTokenSigner } from './tokens';

const SECRET = 'a'.repeat(64);
const claims = { userId: randomUUID(), role: 'teacher' as const, sessionId: randomUUID() };

describe('access tokens', () => {
  it('reads the same claims every time a valid token is presented', async () => {
    const signer = createTokenSigner(SECRET);
    const { token } = await signer.signAccessToken(claims);
    expect(await signer.verifyAccessToken(token)).toEqual(claims);
    expect(await signer.verifyAccessToken(token)).toEqual(claims);
  });

  it('refuses a token that was accepted before, once it has expired', async () => {
    let now = Date.now();
    const signer = createTokenSigner(SECRET, () => now);
    const { token } = await signer.signAccessToken(claims, new Date(now));
    expect(await signer.verifyAccessToken(token)).toEqual(claims);

    now += ACCESS_TOKEN_TTL_SECONDS * 1000 - 1000;
    expect(await signer.verifyAccessToken(token)).toEqual(claims);
    now += 1000;
    expect(await signer.verifyAccessToken(token)).toBeNull();
    expect(await signer.verifyAccessToken(token)).toBeNull();
  });

  it('refuses a token changed by one character after the real one was accepted', async () => {
    const signer = createTokenSigner(SECRET);
    const { token } = await signer.signAccessToken(claims);
    expect(await signer.verifyAccessToken(token)).toEqual(claims);
    const [header, payload, signature] = token.split('.');
    const tampered = `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await signer.verifyAccessToken(tampered)).toBeNull();
  });

  it("refuses another server's token even when it names the same user and session", async () => {
    const ours = createTokenSigner(SECRET);
    const theirs = createTokenSigner('b'.repeat(64));
    await ours.verifyAccessToken((await ours.signAccessToken(claims)).token);
    const { token } = await theirs.signAccessToken(claims);
    expect(await ours.verifyAccessToken(token)).toBeNull();
  });
});
