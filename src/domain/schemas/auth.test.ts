import { describe, expect, it } from 'vitest';
import { signInInputSchema, signUpInputSchema } from './auth';

describe('auth input schemas', () => {
  it('normalises the email to trimmed lower case', () => {
    expect(
      signInInputSchema.parse({ email: '  Maya.Chen@School.TEST ', password: 'x' }).email,
    ).toBe('maya.chen@school.test');
  });

  it('requires a password on sign-in', () => {
    expect(signInInputSchema.safeParse({ email: 'a@b.test', password: '' }).success).toBe(false);
  });

  it('asks sign-up for an 8 character password, a name and a known role', () => {
    const result = signUpInputSchema.safeParse({
      email: 'a@b.test',
      password: 'short',
      full_name: ' ',
      role: 'admin',
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['password', 'full_name', 'role']));
  });

  it('trims the full name', () => {
    const parsed = signUpInputSchema.parse({
      email: 'a@b.test',
      password: 'long enough',
      full_name: ' Sam ',
      role: 'student',
    });
    expect(parsed.full_name).toBe('Sam');
  });
});
