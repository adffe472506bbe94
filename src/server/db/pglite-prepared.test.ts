// PGlite's statements prepared once per SQL text (decision 041) must answer exactly what
// PGlite's own query() answers: the same rows, values, columns, counts and errors.
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { prepareEveryStatement } from './pglite-prepared';

let client: PGlite;
/** PGlite's own query(), kept before it is replaced. */
let ownQuery: PGlite['query'];
let prepared: ReturnType<typeof prepareEveryStatement>;
const LIMIT = 3;

// One PGlite for the file (starting one takes seconds); each test starts from the same table.
beforeAll(async () => {
  client = new PGlite();
  ownQuery = client.query.bind(client);
  prepared = prepareEveryStatement(client, LIMIT);
});
afterAll(() => client?.close());
beforeEach(async () => {
  await client.exec(`
    drop table if exists t;
    create table t (
      id int primary key, name text, note text, born timestamptz, score numeric, ok boolean,
      data jsonb, tags text[], raw bytea, day date
    );
    insert into t values
      (1, 'Ada', null, '2025-03-05T12:00:00Z', 12.5, true, '{"a":[1,2]}', '{x,"y z"}', '\\x00ff', '2025-03-05'),
      (2, 'Zoë ✓', 'multi
line', null, null, false, 'null', '{}', '\\x', null);
  `);
});

/** The statements PostgreSQL holds prepared right now. */
const heldByPostgres = async () =>
  (await ownQuery('select name from pg_prepared_statements')).rows.length;

// drizzle passes parsers of its own on every statement: timestamps and dates stay text.
const drizzleOptions = {
  rowMode: 'array' as const,
  parsers: {
    [types.TIMESTAMPTZ]: (value: string) => value,
    [types.DATE]: (value: string) => value,
  },
};

describe('a statement prepared once per SQL text', () => {
  it('answers the rows, values and columns PGlite answers, as objects and as arrays', async () => {
    const text = 'select * from t where id >= $1 order by id';
    await client.query(text, [1]);
    const held = await heldByPostgres();
    for (const options of [undefined, drizzleOptions]) {
      const expected = await ownQuery(text, [1], options);
      const first = await client.query(text, [1], options);
      const again = await client.query(text, [1], options);
      expect(first).toEqual(expected);
      expect(again).toEqual(expected);
    }
    const [ada] = (await client.query<Record<string, unknown>>(text, [1])).rows;
    expect(ada).toMatchObject({ born: new Date('2025-03-05T12:00:00Z'), ok: true });
    expect(ada?.raw).toEqual(new Uint8Array([0, 255]));
    // Asked again and again, the text was prepared once.
    expect(await heldByPostgres()).toBe(held);
  });

  it('answers a result larger than one piece of PGlite output the same way', async () => {
    const text = "select g as n, repeat('x', 50) as filler from generate_series(1, $1::int) g";
    expect(await client.query(text, [1000])).toEqual(await ownQuery(text, [1000]));
  });

  it('answers the command and the rows it touched for writes', async () => {
    const insert = 'insert into t (id, name) values ($1, $2), ($3, $4)';
    expect(await client.query(insert, [3, 'a', 4, 'b'])).toEqual(
      await ownQuery(insert, [5, 'c', 6, 'd']),
    );
    const update = await client.query('update t set note = $1 where id > $2', ['n', 2]);
    expect(update).toMatchObject({ command: 'UPDATE', affectedRows: 4, rowCount: 4, rows: [] });
    const returning = await client.query<{ id: number }>(
      'delete from t where id > $1 returning id',
      [4],
    );
    expect(returning.rows).toEqual([{ id: 5 }, { id: 6 }]);
    expect(returning.affectedRows).toBe(2);
  });

  it('throws PostgreSQL errors with their codes, and the next statement still runs', async () => {
    const insert = 'insert into t (id, name) values ($1, $2)';
    await expect(client.query(insert, [1, 'again'])).rejects.toMatchObject({ code: '23505' });
    await expect(client.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    await expect(client.query('select $1::int', ['x'])).rejects.toMatchObject({ code: '22P02' });
    expect((await client.query(insert, [9, 'nine'])).affectedRows).toBe(1);
  });

  it('keeps at most its limit prepared, and runs a statement again after it was closed', async () => {
    const texts = [1, 2, 3, 4, 5].map((n) => `select ${n} as n, name from t where id = $1`);
    for (const text of texts) await client.query(text, [1]);
    expect(prepared.preparedCount()).toBe(LIMIT);
    expect(await heldByPostgres()).toBe(LIMIT);
    // The first was closed to make room; asked again, it is prepared again.
    expect((await client.query(texts[0]!, [2])).rows).toEqual([{ n: 1, name: 'Zoë ✓' }]);
    expect(await heldByPostgres()).toBe(LIMIT);
  });

  it('prepares a statement again when a table changed under it', async () => {
    const text = 'select * from t where id = $1';
    await client.query(text, [1]);
    await client.exec('alter table t add column extra text default $$e$$');
    const { rows, fields } = await client.query<Record<string, unknown>>(text, [1]);
    expect(rows[0]?.extra).toBe('e');
    expect(fields.map((field) => field.name)).toContain('extra');
  });
});

describe('inside a transaction', () => {
  it('runs prepared statements, and a rollback undoes them', async () => {
    const update = 'update t set name = $1 where id = $2';
    await client.query(update, ['before', 1]);
    await client.transaction(async (tx) => {
      await tx.query(update, ['inside', 1]);
      expect(
        (await tx.query<{ name: string }>('select name from t where id = $1', [1])).rows,
      ).toEqual([{ name: 'inside' }]);
      await tx.rollback();
    });
    expect((await client.query('select name from t where id = $1', [1])).rows).toEqual([
      { name: 'before' },
    ]);
  });

  it('rolls back on an error and refuses statements once closed', async () => {
    let kept: Transaction | undefined;
    await expect(
      client.transaction(async (tx) => {
        kept = tx;
        await tx.query('update t set name = $1 where id = $2', ['lost', 1]);
        await tx.query('insert into t (id) values ($1)', [2]);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await client.query('select name from t where id = $1', [1])).rows).toEqual([
      { name: 'Ada' },
    ]);
    await expect(kept!.query('select 1')).rejects.toThrow('Transaction is closed');
  });
});
