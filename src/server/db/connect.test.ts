// PGlite runs no autovacuum: without refreshStatistics its planner believes every table holds
// the handful of rows it had at creation, and picks plans that scan thousands (issue 15).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectDatabase, type DatabaseHandle } from './connect';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await connectDatabase({});
});
afterAll(async () => database?.close());

// Both drivers answer { rows }; drizzle's Database type leaves the result unknown.
const firstRow = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows[0];

const estimatedRows = async () =>
  Number(
    (
      await firstRow<{ reltuples: number }>(
        sql`select reltuples from pg_class where relname = 'bulk'`,
      )
    )?.reltuples,
  );

describe('PGlite', () => {
  it('runs with a 32 MB page cache and keeps its own start settings', async () => {
    const setting = async (name: string) =>
      (await firstRow<Record<string, string>>(sql.raw(`show ${name}`)))?.[name];
    expect(await setting('shared_buffers')).toBe('32MB');
    expect(await setting('search_path')).toBe('public');
    expect(await setting('max_parallel_workers')).toBe('0');
  });
});

describe('refreshStatistics on PGlite', () => {
  it('gives the planner the real row count after bulk inserts and deletes', async () => {
    await database.db.execute(sql`create table bulk (id int primary key, note text)`);
    await database.db.execute(
      sql`insert into bulk select n, repeat('x', 50) from generate_series(1, 5000) n`,
    );
    expect(await estimatedRows()).toBeLessThan(1); // never analysed: -1 (unknown) or 0

    await database.refreshStatistics();
    expect(await estimatedRows()).toBe(5000);

    await database.db.execute(sql`delete from bulk where id > 1000`);
    await database.refreshStatistics();
    expect(await estimatedRows()).toBe(1000);
  });
});
