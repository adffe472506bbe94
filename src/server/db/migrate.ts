import { fileURLToPath } from 'node:url';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle } from './connect';
import type * as schema from './schema';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the committed SQL migrations; already-applied ones are skipped, so it is idempotent. */
export async function applyMigrations(handle: DatabaseHandle): Promise<void> {
  await handle.withExclusiveLock(async (db) => {
    // The migrator of the driver in use only (connect.ts loads drivers the same way).
    if (handle.kind === 'pglite') {
      const { migrate: migratePglite } = await import('drizzle-orm/pglite/migrator');
      await migratePglite(db as unknown as PgliteDatabase<typeof schema>, { migrationsFolder });
    } else {
      const { migrate: migratePg } = await import('drizzle-orm/node-postgres/migrator');
      await migratePg(db as unknown as NodePgDatabase<typeof schema>, { migrationsFolder });
    }
  });
}
