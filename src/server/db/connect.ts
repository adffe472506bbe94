// One Database type for both drivers: embedded PGlite by default, node-postgres when
// DATABASE_URL is set. Services never know which one they talk to (docs/decisions/002).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { createPingConnection } from './ping-connection';
import { takeTurns } from './pglite-turns';
import { keepReadsUntilWrites } from './prepared';
import * as schema from './schema';
import { snapshotVersions } from './snapshot-version';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Cheap liveness check for /health. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /**
   * Brings the planner's statistics up to date and reclaims dead rows where nothing else
   * does: PGlite runs no autovacuum, so after bulk writes its plans are made for tables it
   * believes empty (the bench's dashboard took 6× longer). PostgreSQL's autovacuum does this
   * itself, so there it does nothing.
   */
  refreshStatistics(): Promise<void>;
  /** PGlite only: an image of the whole database, to start other in-memory ones from (tests). */
  dumpImage?(): Promise<Blob>;
  /** Runs fn while holding a lock no other process can hold (serialises migrations). */
  withExclusiveLock<T>(fn: (db: Database) => Promise<T>): Promise<T>;
}

export interface ConnectOptions {
  /** postgres:// URL; unset means embedded PGlite. */
  databaseUrl?: string;
  /** PGlite data directory; unset means an in-memory database (tests). */
  pgliteDir?: string;
  /** An in-memory PGlite starts from this image of a database (tests: migrated once, copied). */
  pgliteImage?: Blob;
  /** Called with every SQL statement (used by tests that count queries). */
  onQuery?: (query: string) => void;
}

const MIGRATION_LOCK_KEY = 4_200_500;

/**
 * PGlite's page cache lives in its WebAssembly memory, which only grows: every page it ever
 * touched stays resident for good. 8 MB keeps the bench's school (8,000 submissions) answering
 * as fast as 32 MB did, 26 MB less resident (decision 034); the operating system caches the
 * files behind it.
 */
const PGLITE_SHARED_BUFFERS = '8MB';
/** How recent a PGlite answer must be to stand for a ping. */
const PGLITE_RECENT_ANSWER_MS = 1_000;

export async function connectDatabase(options: ConnectOptions): Promise<DatabaseHandle> {
  const logger = options.onQuery
    ? { logQuery: (query: string) => options.onQuery?.(query) }
    : false;
  return options.databaseUrl
    ? connectPostgres(options.databaseUrl, logger)
    : connectPglite(options.pgliteDir, logger, options.pgliteImage);
}

async function connectPglite(
  dataDir: string | undefined,
  logger: false | { logQuery: (q: string) => void },
  image: Blob | undefined,
): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // Each driver loads only when it is the one in use: a PostgreSQL server never holds PGlite's
  // module in memory, nor PGlite the pg driver.
  const [{ PGlite }, { drizzle: drizzlePglite }, { prepareEveryStatement }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('./pglite-prepared'),
  ]);
  const client = new PGlite({
    ...(dataDir && { dataDir }),
    ...(image && { loadDataDir: image }),
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });
  await client.waitReady;
  prepareEveryStatement(client);
  const turns = takeTurns(client);
  const db = drizzlePglite(client, { schema, logger }) as unknown as Database;
  keepReadsUntilWrites(db, turns.dataVersion);
  return {
    db,
    kind: 'pglite',
    // PGlite has one connection, so a ping would wait behind every queued statement: in a
    // deadline rush /health then measured the queue, not the database. A statement answered
    // within the last second already shows PGlite answers (as PostgreSQL's ping has a
    // connection of its own); otherwise it is asked.
    ping: async () => {
      if (client.closed) return false;
      if (performance.now() - turns.lastAnswerAt() < PGLITE_RECENT_ANSWER_MS) return true;
      return ping(db);
    },
    refreshStatistics: async () => {
      await client.exec('vacuum (analyze)');
    },
    dumpImage: () => client.dumpDataDir('none'),
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
  const [{ default: pg }, { drizzle: drizzlePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  // A dropped connection must not crash the process; the next query gets a fresh one.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema, logger }) as unknown as Database;
  keepReadsUntilWrites(db, snapshotVersions(pool));
  const pinger = createPingConnection(pg.Client, url);
  return {
    db,
    kind: 'postgres',
    ping: pinger.ping,
    refreshStatistics: async () => {},
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
    close: async () => {
      await pinger.close();
      await pool.end();
    },
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
