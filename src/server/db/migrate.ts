import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { DatabaseHandle } from './connect';
import type * as schema from './schema';

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Applies the committed SQL migrations; already-applied ones are skipped, so it is idempotent. */
export async function applyMigrations(handle: DatabaseHandle): Promise<void> {
  await handle.withExclusiveLock(async (db) => {
    if (handle.kind === 'pglite') {
      await migratePglite(db as unknown as PgliteDatabase<typeof schema>, { migrationsFolder });
    } else {
      await migratePg(db as unknown as NodePgDatabase<typeof schema>, { migrationsFolder });
    }
  });
}
