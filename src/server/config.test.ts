import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_VOICE_COURSE_ID, loadConfig } from './config';

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
