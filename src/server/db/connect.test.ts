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
  it('runs with an 8 MB page cache and keeps its own start settings', async () => {
    const setting = async (name: string) =>
      (await firstRow<Record<string, string>>(sql.raw(`show ${name}`)))?.[name];
    expect(await setting('shared_buffers')).toBe('8MB');
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

describe('PGlite statements take turns', () => {
  it('lets the event loop turn between the statements of a transaction', async () => {
    // PGlite runs on this thread: a transaction that never let the event loop turn held every
    // other request (and /health) until its commit.
    let turns = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      turns += 1;
      setImmediate(count);
    };
    const turnsInside = await database.db.transaction(async (tx) => {
      setImmediate(count);
      const before = turns;
      for (let i = 0; i < 10; i += 1) await tx.execute(sql`select ${i}::int as n`);
      return turns - before;
    });
    counting = false;
    expect(turnsInside).toBeGreaterThanOrEqual(10);
  });
});

describe('PGlite ping', () => {
  it('answers at once from a recent statement instead of waiting behind queued ones', async () => {
    await database.db.execute(sql`select 1`);
    let finished = 0;
    const queued = Array.from({ length: 50 }, () =>
      database.db.execute(sql`select 1`).then(() => {
        finished += 1;
      }),
    );
    expect(await database.ping()).toBe(true);
    expect(finished).toBeLessThan(50);
    await Promise.all(queued);
  });

  it('asks PGlite when nothing answered lately, and is down once PGlite is closed', async () => {
    const other = await connectDatabase({});
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await other.ping()).toBe(true);
    await other.close();
    expect(await other.ping()).toBe(false);
  });
});
