// `npm run create-teacher` makes a teacher whatever TEACHER_SIGNUP says, with the form's
// password rules; the account signs in on the server afterwards.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { verifyPassword } from './auth/passwords';
import { createTeacherCommand } from './create-teacher';
import { connectDatabase, pgliteDirFor } from './db/connect';
import { users } from './db/schema';

let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'mylo-create-teacher-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function run(argv: string[], password: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await createTeacherCommand(argv, {
    env: { DATA_DIR: dataDir, TEACHER_SIGNUP: 'closed', LOG_LEVEL: 'silent', SEED_DEMO: 'false' },
    readPassword: async () => password,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  });
  return { code, out, err };
}

it(
  'creates a teacher account with TEACHER_SIGNUP=closed, and refuses a second one for the same email, a common password or missing arguments',
  { timeout: 180_000 },
  async () => {
    const created = await run(
      ['--email', 'Ada@School.edu', '--name', 'Ada Lovelace'],
      'analytical engine notes',
    );
    expect(created).toEqual({
      code: 0,
      out: ['Created the teacher account ada@school.edu (Ada Lovelace).'],
      err: [],
    });

    const again = await run(
      ['--email', 'ada@school.edu', '--name', 'Ada'],
      'another fine passphrase',
    );
    expect(again.code).toBe(1);
    expect(again.err).toEqual(['An account with this email already exists.']);

    const common = await run(['--email', 'bo@school.edu', '--name', 'Bo'], 'password123');
    expect(common.code).toBe(1);
    expect(common.err).toEqual([
      'This password is too common. Choose one that is harder to guess.',
    ]);

    const usage = await run(['--email', 'bo@school.edu'], 'whatever you like');
    expect(usage.code).toBe(2);
    expect(usage.err[0]).toMatch(/^Usage: npm run create-teacher/);

    const database = await connectDatabase({ pgliteDir: pgliteDirFor(dataDir) });
    try {
      const [row] = await database.db.select().from(users).where(eq(users.email, 'ada@school.edu'));
      expect(row).toMatchObject({ role: 'teacher', full_name: 'Ada Lovelace' });
      expect(await verifyPassword('analytical engine notes', row?.password_hash ?? '')).toBe(true);
      expect(await database.db.select().from(users)).toHaveLength(1);
    } finally {
      await database.close();
    }
  },
);
