// One Database type for both drivers: embedded PGlite by default, node-postgres when
// DATABASE_URL is set. Services never know which one they talk to (docs/decisions/002).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Cheap liveness check for /health. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** Runs fn while holding a lock no other process can hold (serialises migrations). */
  withExclusiveLock<T>(fn: (db: Database) => Promise<T>): Promise<T>;
}

export interface ConnectOptions {
  /** postgres:// URL; unset means embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; unset means an in-memory database (tests). */
  pgliteDir?: string;
  /** Called with every SQL statement (used by tests that count queries). */
  onQuery?: (query: string) => void;
}

const MIGRATION_LOCK_KEY = 4_200_500;

export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  const logger = options.onQuery
    ? { logQuery: (query: string) => options.onQuery?.(query) }
    : false;
  return options.databaseUrl
    ? connectPostgres(options.databaseUrl, logger)
    : connectPglite(options.pgliteDir, logger);
}

async function connectPglite(
  dataDir: string | undefined,
  logger: false | { logQuery: (q: string) => void },
): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = dataDir ? new PGlite(dataDir) : new PGlite();
  await client.waitReady;
  const db = drizzlePglite(client, { schema, logger }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    ping: () => ping(db),
    // PGlite is one connection inside this process, so there is no other writer to lock out.
    withExclusiveLock: (fn) => fn(db),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}

async function connectPostgres(
  url: string,
  logger: false | { logQuery: (q: string) => void },
): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // A dropped connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema, logger }) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: () => ping(db),
    withExclusiveLock: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        return await fn(drizzlePg(client, { schema, logger }) as unknown as Database);
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function ping(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export const pgliteDirFor = (dataDir: string) => join(dataDir, 'db');
