import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { demoAccountsSchema, userSchema } from './auth';
import { apiErrorSchema } from './errors';
import { readApiErrorBody, readDemoAccounts, readUser } from './readers';

// Each reader must answer what its schema's safeParse answers: the parsed value, or failure.
function agree(schema: z.ZodType, read: (value: unknown) => unknown, samples: unknown[]) {
  for (const sample of samples) {
    const parsed = schema.safeParse(sample);
    expect(read(sample), JSON.stringify(sample)).toStrictEqual(parsed.success ? parsed.data : null);
  }
}

const user = {
  id: '0b6f3c1e-4a8d-4f3b-9c2e-7d5a1b2c3d4e',
  email: 'maya.chen@school.test',
  full_name: 'Dr. Maya Chen',
  role: 'teacher',
};

const notObjects = [undefined, null, 0, 'text', true, [], [user], () => user];

describe('readers agree with their zod schemas', () => {
  it('readApiErrorBody ≡ apiErrorSchema', () => {
    agree(apiErrorSchema, readApiErrorBody, [
      ...notObjects,
      {},
      { error: null },
      { error: [] },
      { error: 'Not found' },
      { error: { code: 'NOT_FOUND', message: 'No such course.' } },
      { error: { code: 'VALIDATION', message: 'Bad.', details: [{ path: 'title' }] } },
      { error: { code: 'X', message: 'Y', details: undefined } },
      { error: { code: 'X', message: 'Y', details: null }, extra: 1 },
      { error: { code: 'X', message: 'Y', other: 'dropped' } },
      { error: { code: 404, message: 'Y' } },
      { error: { code: 'X' } },
      { error: { message: 'Y' } },
      { message: 'Internal Server Error', statusCode: 500 },
    ]);
  });

  it('readUser ≡ userSchema', () => {
    agree(userSchema, readUser, [
      ...notObjects,
      {},
      user,
      { ...user, role: 'student' },
      { ...user, extra: 'dropped', access_token: 'dropped' },
      { ...user, role: 'admin' },
      { ...user, role: undefined },
      { ...user, id: 'not-a-uuid' },
      { ...user, id: '0B6F3C1E-4A8D-4F3B-9C2E-7D5A1B2C3D4E' },
      { ...user, id: '00000000-0000-0000-0000-000000000000' },
      { ...user, id: '0b6f3c1e-4a8d-9f3b-9c2e-7d5a1b2c3d4e' },
      { ...user, id: ` ${user.id}` },
      { ...user, id: 7 },
      { ...user, email: null },
      { ...user, full_name: undefined },
      { id: user.id, email: user.email, role: user.role },
    ]);
  });

  it('readDemoAccounts ≡ demoAccountsSchema', () => {
    const account = { email: user.email, full_name: user.full_name, role: 'teacher' };
    agree(demoAccountsSchema, readDemoAccounts, [
      ...notObjects,
      {},
      { items: [], password: null },
      { items: [], password: 'demo-password' },
      { items: [account, { ...account, role: 'student' }], password: 'demo-password' },
      { items: [{ ...account, id: user.id, extra: 1 }], password: 'p', more: true },
      { items: [account] },
      { items: [account], password: undefined },
      { items: [account], password: 5 },
      { items: null, password: null },
      { items: {}, password: null },
      { items: [null], password: null },
      { items: [{ ...account, role: 'admin' }], password: null },
      { items: [{ ...account, email: 1 }], password: null },
      // eslint-disable-next-line no-sparse-arrays
      { items: [account, , account], password: null },
    ]);
  });
});
