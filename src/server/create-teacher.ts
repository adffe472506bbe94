// `npm run create-teacher -- --email ada@school.edu --name "Ada Lovelace"`: the administrator's
// way to make a teacher account whatever TEACHER_SIGNUP says (docs/decisions/018). The password
// is asked for without echo, or read from standard input when it is not a terminal; it follows
// the sign-up form's rules. On embedded PGlite, stop the server first: one process at a time.
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { signUpInputSchema } from '@domain/schemas/auth';
import { createTeacherAccount } from './auth/auth.service';
import { ConfigError, loadConfig } from './config';
import { connectDatabase, pgliteDirFor } from './db/connect';
import { applyMigrations } from './db/migrate';
import { AppError } from './errors';

const USAGE =
  'Usage: npm run create-teacher -- --email ada@school.edu --name "Ada Lovelace" (the password is asked for, or read from standard input)';

const inputSchema = signUpInputSchema.pick({ email: true, full_name: true, password: true });

export interface CommandIo {
  env: NodeJS.ProcessEnv;
  readPassword(): Promise<string>;
  out(line: string): void;
  err(line: string): void;
}

/** Runs the command; returns the exit code. Every refusal is one line on `err`. */
export async function createTeacherCommand(argv: string[], io: CommandIo): Promise<number> {
  let args: { email?: string; name?: string };
  try {
    ({ values: args } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, name: { type: 'string' } },
      strict: true,
    }));
  } catch {
    io.err(USAGE);
    return 2;
  }
  if (!args.email || !args.name) {
    io.err(USAGE);
    return 2;
  }
  let config;
  try {
    config = loadConfig(io.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    for (const problem of error.problems) io.err(problem);
    return 1;
  }
  const parsed = inputSchema.safeParse({
    email: args.email,
    full_name: args.name,
    password: await io.readPassword(),
  });
  if (!parsed.success) {
    io.err(parsed.error.issues.map((issue) => issue.message).join(' '));
    return 1;
  }
  const database = await connectDatabase(
    config.databaseUrl
      ? { databaseUrl: config.databaseUrl }
      : { pgliteDir: pgliteDirFor(config.dataDir) },
  );
  try {
    await applyMigrations(database);
    const user = await createTeacherAccount({ db: database.db }, parsed.data);
    io.out(`Created the teacher account ${user.email} (${user.full_name}).`);
    return 0;
  } catch (error) {
    if (error instanceof AppError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

/** Without echo on a terminal; the first line of standard input otherwise. */
async function readPasswordFromStdin(): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    const lines = createInterface({ input: stdin });
    for await (const line of lines) return line;
    return '';
  }
  process.stdout.write('Password for the new teacher: ');
  stdin.setRawMode(true);
  stdin.resume();
  let password = '';
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          stdin.setRawMode(false);
          stdin.pause();
          stdin.off('data', onData);
          process.stdout.write('\n');
          resolve(password);
          return;
        }
        if (char === '\u0003') process.exit(130);
        password = char === '\u007f' ? password.slice(0, -1) : password + char;
      }
    };
    stdin.on('data', onData);
  });
}

// Run as a script (not when a test imports it).
if (process.argv[1] && /create-teacher\.ts$/.test(process.argv[1])) {
  if (existsSync('.env')) process.loadEnvFile('.env');
  createTeacherCommand(process.argv.slice(2), {
    env: process.env,
    readPassword: readPasswordFromStdin,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('create-teacher failed:', error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
