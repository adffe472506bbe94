// Issue 20: sign-up is limited per client address, refuses common passwords, counts "this email
// has an account" like a failed sign-in, follows TEACHER_SIGNUP and the email-domain rules, and
// its password hashing cannot hold up file downloads.
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { buildUser, TEST_PASSWORD } from '../test/factories';
import { buildClassroom, uploaded } from '../test/uploads';

let open: TestApp[] = [];
afterEach(async () => {
  await Promise.all(open.map((t) => t.close()));
  open = [];
});

async function app(options: Parameters<typeof buildTestApp>[0] = {}) {
  const t = await buildTestApp(options);
  open.push(t);
  return t;
}

let counter = 0;
const signUp = (
  t: TestApp,
  fields: { email?: string; password?: string; role?: string } = {},
  ip = '10.20.0.1',
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up',
    remoteAddress: ip,
    payload: {
      email: fields.email ?? `new-${(counter += 1)}@example.test`,
      password: fields.password ?? 'a long enough passphrase',
      full_name: 'New Person',
      role: fields.role ?? 'student',
    },
  });

const limits = (change: Partial<Config['limits']['signIn']> & { signUpsPerHour?: number }) => ({
  signIn: { accountFailures: 10, addressFailures: 100, windowMs: 15 * 60_000, ...change },
  signUpsPerHour: change.signUpsPerHour ?? 1000,
  uploadsPerHour: 1000,
  unsubmittedUploads: 1000,
  requestsPerMinute: { account: 10_000, address: 10_000 },
});

// Each case builds its own app and hashes many passwords: slow on a busy machine, never a
// timing assertion.
describe('Sign-up limits', { timeout: 180_000 }, () => {
  it('An address may create SIGN_UP_MAX_PER_HOUR accounts an hour; another address is not held up', async () => {
    const t = await app({ env: { SIGN_UP_MAX_PER_HOUR: '3' } });
    for (let i = 0; i < 3; i++) expect((await signUp(t)).statusCode).toBe(201);
    const refused = await signUp(t);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many accounts were created from your network. Please try again later.',
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    expect((await signUp(t, {}, '10.20.0.2')).statusCode).toBe(201);
  });

  it('"An account with this email already exists" counts as a failed attempt of the address', async () => {
    const t = await app({ config: { limits: limits({ addressFailures: 3 }) } });
    const user = await buildUser(t.database.db);
    for (let i = 0; i < 3; i++) {
      const response = await signUp(t, { email: user.email });
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toBe('An account with this email already exists.');
    }
    // Probing for accounts now costs this address its sign-ins and sign-ups, not others'.
    expect((await signUp(t, { email: user.email })).statusCode).toBe(429);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in',
      remoteAddress: '10.20.0.1',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(signIn.statusCode).toBe(429);
    expect((await signUp(t, {}, '10.20.0.9')).statusCode).toBe(201);
  });

  it.each(['password', '12345678', 'Password1', 'qwertyuiop'])(
    'refuses the common password %j with a 400 naming the field',
    async (password) => {
      const t = await app();
      const response = await signUp(t, { password });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'This password is too common. Choose one that is harder to guess.',
        details: [
          {
            path: 'body.password',
            message: 'This password is too common. Choose one that is harder to guess.',
          },
        ],
      });
    },
  );

  it('refuses a password that is the email address itself', async () => {
    const t = await app();
    const response = await signUp(t, {
      email: 'grace.hopper@example.test',
      password: 'grace.hopper@example.test',
    });
    expect(response.statusCode).toBe(400);
  });

  it('A burst of sign-ups does not hold up a file download: hashing uses only part of the thread pool', async () => {
    const t = await app({ config: { limits: limits({}) } });
    const { student, assignment } = await buildClassroom(t);
    const file = await uploaded(t, student, assignment.id);
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/files/signed-url',
      headers: student.headers,
      payload: { path: file.path },
    });
    const url = link.json<{ url: string }>().url;

    const finished: string[] = [];
    const burst = Array.from({ length: 24 }, (_, i) =>
      signUp(t, {}, `10.21.0.${i + 1}`).then((response) => {
        expect(response.statusCode).toBe(201);
        finished.push('sign-up');
      }),
    );
    // Let the sign-ups reach their password hashing before the download starts.
    await sleep(50);
    const download = t.app.inject({ method: 'GET', url }).then((response) => {
      expect(response.statusCode).toBe(200);
      finished.push('download');
    });
    await Promise.all([...burst, download]);
    // Unbounded, the download's file reads queue behind every hash; bounded, they run at once.
    expect(finished.indexOf('download')).toBeLessThan(12);
  });
});

// Each case builds its own app and hashes many passwords: slow on a busy machine, never a
// timing assertion.
describe('Who may sign up as what', { timeout: 180_000 }, () => {
  it('TEACHER_SIGNUP=closed: nobody signs up as a teacher; students still may', async () => {
    const t = await app({ env: { TEACHER_SIGNUP: 'closed' } });
    const teacher = await signUp(t, { role: 'teacher' });
    expect(teacher.statusCode).toBe(422);
    expect(teacher.json().error).toMatchObject({
      code: 'UNPROCESSABLE',
      message:
        "Teacher accounts are created by the school's administrator. Ask them for an account, or sign up as a student.",
    });
    expect((await signUp(t, { role: 'student' })).statusCode).toBe(201);
  });

  it('TEACHER_SIGNUP=domain: only addresses at TEACHER_EMAIL_DOMAINS become teachers', async () => {
    const t = await app({
      env: { TEACHER_SIGNUP: 'domain', TEACHER_EMAIL_DOMAINS: 'school.edu, staff.school.edu' },
    });
    expect((await signUp(t, { role: 'teacher', email: 'ada@school.edu' })).statusCode).toBe(201);
    expect((await signUp(t, { role: 'teacher', email: 'bo@STAFF.school.edu' })).statusCode).toBe(
      201,
    );
    const outsider = await signUp(t, { role: 'teacher', email: 'eve@school.edu.evil.test' });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json().error.message).toBe(
      'Teacher accounts need an email address at school.edu or staff.school.edu.',
    );
  });

  it('STUDENT_EMAIL_DOMAINS: students sign up only with an address there', async () => {
    const t = await app({ env: { STUDENT_EMAIL_DOMAINS: 'students.school.edu' } });
    expect((await signUp(t, { email: 'kim@students.school.edu' })).statusCode).toBe(201);
    const outsider = await signUp(t, { email: 'kim@gmail.test' });
    expect(outsider.statusCode).toBe(422);
    expect(outsider.json().error.details).toEqual([
      {
        path: 'body.email',
        message: 'Student accounts need an email address at students.school.edu.',
      },
    ]);
  });
});
