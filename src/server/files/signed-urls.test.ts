import { describe, expect, it } from 'vitest';
import { parseByteRange } from './byte-range';
import { createFileUrlSigner } from './signed-urls';

const SECRET = 'a test secret that is long enough to sign with';
const PATH = 'c0ffee00-0000-4000-8000-000000000001/5tuden70/1700000000000_essay.pdf';

describe('signed file tokens', () => {
  const signer = createFileUrlSigner(SECRET);
  const now = new Date('2026-03-01T12:00:00Z');

  it('verify back to the path until they expire', () => {
    const { token, expiresAt } = signer.sign(PATH, 3600, now);
    expect(expiresAt.toISOString()).toBe('2026-03-01T13:00:00.000Z');
    expect(signer.verify(token, new Date('2026-03-01T12:59:59Z'))).toEqual({
      ok: true,
      path: PATH,
      expiresAt,
    });
    expect(signer.verify(token, expiresAt)).toEqual({ ok: false, reason: 'expired' });
  });

  it('are refused when any part is changed or signed with another secret', () => {
    const { token } = signer.sign(PATH, 3600, now);
    const [payload = '', signature = ''] = token.split('.');
    const otherPayload = Buffer.from(JSON.stringify({ path: 'x/y/1_z.pdf', exp: 9e9 })).toString(
      'base64url',
    );
    for (const bad of [
      `${otherPayload}.${signature}`,
      `${payload}.${signature.slice(0, -2)}`,
      `${payload}.`,
      `${payload}.${signature}.extra`,
      createFileUrlSigner(`${SECRET}!`).sign(PATH, 3600, now).token,
      '',
    ]) {
      expect(signer.verify(bad, now)).toEqual({ ok: false, reason: 'invalid' });
    }
  });
});

describe('parseByteRange', () => {
  it.each([
    [undefined, { kind: 'whole' }],
    ['bytes=0-4', { kind: 'partial', start: 0, end: 4 }],
    ['bytes=90-', { kind: 'partial', start: 90, end: 99 }],
    ['bytes=90-500', { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-10', { kind: 'partial', start: 90, end: 99 }],
    ['bytes=-500', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=5-1', { kind: 'whole' }],
    ['bytes=0-1,5-6', { kind: 'whole' }],
    ['items=0-4', { kind: 'whole' }],
  ])('%j of a 100-byte file is %j', (header, expected) => {
    expect(parseByteRange(header, 100)).toEqual(expected);
  });
});
