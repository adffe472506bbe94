// A fresh, migrated database per test file: in-memory PGlite, or (TEST_DB=postgres) a new
// database on the TEST_DATABASE_URL server, dropped again afterwards. Never a mock.
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { inject } from 'vitest';
import { connectDatabase, type DatabaseHandle } from '../db/connect';
import { applyMigrations } from '../db/migrate';

export interface TestDatabase extends DatabaseHandle {
  /** The server database's URL, for other processes (TEST_DB=postgres only). */
  url?: string;
  /** Closes the connection and removes the database. */
  destroy(): Promise<void>;
}

// Creating a PGlite database runs initdb and the migrations (≈ 5 s); starting one from an image
// of a migrated database takes ≈ 0.4 s. The image is made once per run (global-setup-pglite.ts)
// or, where no global setup provided one, on first use.
export async function makeMigratedPgliteImage(): Promise<Blob> {
  const template = await connectDatabase({});
  await applyMigrations(template);
  const image = await template.dumpImage!();
  await template.close();
  return image;
}

let migratedImage: Promise<Blob> | undefined;
async function loadMigratedImage(): Promise<Blob> {
  const path = inject('migratedPgliteImagePath');
  if (path) return new Blob([await readFile(path)]);
  return makeMigratedPgliteImage();
}

export async function createTestDatabase(
  options: { onQuery?: (q: string) => void } = {},
): Promise<TestDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const pgliteImage = await (migratedImage ??= loadMigratedImage());
    const handle = await connectDatabase({ onQuery: options.onQuery, pgliteImage });
    await applyMigrations(handle); // nothing to apply: the image is migrated
    return { ...handle, destroy: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `mylo_test_${randomBytes(6).toString('hex')}`;
  await runAdmin(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await connectDatabase({ databaseUrl: url.toString(), onQuery: options.onQuery });
  await applyMigrations(handle);
  return {
    ...handle,
    url: url.toString(),
    destroy: async () => {
      await handle.close();
      await runAdmin(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

async function runAdmin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
