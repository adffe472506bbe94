import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_VOICE_COURSE_ID, defaultHelperThreadNice, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'mylo-config-'));

describe('configuration', () => {
  it('uses the documented defaults', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: undefined,
      storageDir: join(dir, 'files'),
      seedDemo: true,
      llm: { provider: 'offline' },
      voice: { courseId: DEMO_VOICE_COURSE_ID },
    });
  });

  it('generates a JWT secret once, keeps it private and reuses it', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(statSync(join(dir, 'jwt-secret')).mode & 0o777).toBe(0o600);
  });

  it('names every bad variable on its own line', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir(),
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        LLM_PROVIDER: 'magic',
        VOICE_COURSE_ID: 'cs500',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems.map((line) => line.split('=')[0])).toEqual(
      expect.arrayContaining([
        'Invalid PORT',
        'Invalid DATABASE_URL',
        'Invalid LLM_PROVIDER',
        'Invalid VOICE_COURSE_ID',
      ]),
    );
  });

  it('requires an API key for a hosted model', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), LLM_PROVIDER: 'openai' })).toThrow(
      /LLM_API_KEY/,
    );
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });
});

describe('issue 20 settings', () => {
  it('NODE_ENV=production turns demo data off and closes teacher sign-up unless set explicitly', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' })).toMatchObject({
      seedDemo: false,
      signUp: { teacher: 'closed' },
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir(),
        NODE_ENV: 'production',
        SEED_DEMO: 'true',
        TEACHER_SIGNUP: 'open',
      }),
    ).toMatchObject({ seedDemo: true, signUp: { teacher: 'open' } });
  });

  it('the local quick start keeps demo data and open sign-up on loopback', () => {
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({
      host: '127.0.0.1',
      seedDemo: true,
      signUp: { teacher: 'open', teacherDomains: [], studentDomains: [] },
      trustProxy: false,
    });
  });

  it('refuses demo accounts on a HOST other than loopback with one line, unless allowed', () => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toEqual([
      'Invalid SEED_DEMO="": demo accounts with a published password would be reachable from the network on HOST=0.0.0.0; set SEED_DEMO=false (or ALLOW_DEMO_ON_NETWORK=true to accept that)',
    ]);
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0', SEED_DEMO: 'false' }).seedDemo).toBe(
      false,
    );
    expect(
      loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0', ALLOW_DEMO_ON_NETWORK: 'true' }).seedDemo,
    ).toBe(true);
    for (const host of ['localhost', '::1', '127.0.0.2']) {
      expect(loadConfig({ DATA_DIR: dataDir(), HOST: host }).seedDemo).toBe(true);
    }
  });

  it('reads HELPER_THREAD_NICE from 0 to 19, 10 when unset (0 on one core), and refuses others in one line', () => {
    const read = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(read({}).helperThreadNice).toBe(defaultHelperThreadNice(availableParallelism()));
    expect([1, 2, 64].map(defaultHelperThreadNice)).toEqual([0, 10, 10]);
    expect(read({ HELPER_THREAD_NICE: '0' }).helperThreadNice).toBe(0);
    expect(read({ HELPER_THREAD_NICE: '19' }).helperThreadNice).toBe(19);
    for (const value of ['20', '-1', '2.5', 'low']) {
      let error: unknown;
      try {
        read({ HELPER_THREAD_NICE: value });
      } catch (caught) {
        error = caught;
      }
      expect((error as ConfigError).problems).toEqual([
        `Invalid HELPER_THREAD_NICE="${value}": must be a whole number from 0 to 19`,
      ]);
    }
  });

  it('reads TRUST_PROXY as false, true, hops or addresses, and sign-up rules', () => {
    const read = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir(), ...env });
    expect(read({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(read({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(read({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(read({ TRUST_PROXY: '10.0.0.5, 192.168.0.0/24, ::1, loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '192.168.0.0/24',
      '::1',
      'loopback',
    ]);
    expect(
      read({ TEACHER_SIGNUP: 'domain', TEACHER_EMAIL_DOMAINS: '@School.edu, staff.school.edu' })
        .signUp,
    ).toEqual({
      teacher: 'domain',
      teacherDomains: ['school.edu', 'staff.school.edu'],
      studentDomains: [],
    });
  });

  it('names each bad security setting on its own line', () => {
    let error: unknown;
    try {
      loadConfig({
        DATA_DIR: dataDir(),
        TRUST_PROXY: 'my-proxy',
        TEACHER_SIGNUP: 'maybe',
        STUDENT_EMAIL_DOMAINS: 'not a domain',
        ALLOW_DEMO_ON_NETWORK: 'yes',
        SIGN_UP_MAX_PER_HOUR: '0',
        UPLOAD_MAX_PER_HOUR: 'lots',
        UPLOAD_MAX_UNSUBMITTED: '-1',
        REQUEST_TIMEOUT_SECONDS: '1.5',
        CONNECTION_TIMEOUT_SECONDS: '0',
      });
    } catch (caught) {
      error = caught;
    }
    const problems = (error as ConfigError).problems;
    expect(problems.map((line) => line.split('=')[0]).sort()).toEqual([
      'Invalid ALLOW_DEMO_ON_NETWORK',
      'Invalid CONNECTION_TIMEOUT_SECONDS',
      'Invalid REQUEST_TIMEOUT_SECONDS',
      'Invalid SIGN_UP_MAX_PER_HOUR',
      'Invalid STUDENT_EMAIL_DOMAINS',
      'Invalid TEACHER_SIGNUP',
      'Invalid TRUST_PROXY',
      'Invalid UPLOAD_MAX_PER_HOUR',
      'Invalid UPLOAD_MAX_UNSUBMITTED',
    ]);
    expect(() => loadConfig({ DATA_DIR: dataDir(), TEACHER_SIGNUP: 'domain' })).toThrow(
      'Invalid TEACHER_EMAIL_DOMAINS="": required when TEACHER_SIGNUP=domain',
    );
  });
});
