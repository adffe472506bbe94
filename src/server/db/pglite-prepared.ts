// PGlite runs every statement we send as a statement prepared once per SQL text, as
// node-postgres does for a named statement and postgres.js for every one (decision 041).
//
// PGlite's own query() enters its WebAssembly six times per statement (parse, describe,
// bind, describe, execute, sync) and parses, analyses and plans the SQL every time: about 1 ms
// of this thread for the assignment-and-course join every upload and hand-in starts with. A
// statement prepared once is bound and run in one entry: about 0.17 ms for the same join.
// Everything else is PGlite's: its locks, its value serializers and type parsers, its result
// shape and its errors, so drizzle sees no difference.
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { parse, protocol } from '@electric-sql/pglite';
import { readResults, type Column } from './pglite-results';

const { serialize } = protocol;

/**
 * Statements kept prepared at once, least recently used out first. Drizzle writes one text per
 * query shape (about a hundred in this app), but `in (...)` lists write one per length: the
 * bound keeps those from filling PGlite's memory, which never shrinks (decision 034).
 */
export const MAX_PREPARED_STATEMENTS = 200;

/** PostgreSQL's answers when a prepared statement can no longer be used: prepare it again. */
const STALE_STATEMENT = new Set([
  '0A000', // cached plan must not change result type (a table's columns changed under it)
  '26000', // prepared statement does not exist (DEALLOCATE, DISCARD)
]);

interface PreparedStatement {
  name: string;
  /** The type of each parameter, as PostgreSQL inferred it: which serializer to use. */
  paramTypes: number[];
  /** The columns of its rows (none for a statement that returns none). */
  columns: Column[];
}

type Query = <T>(text: string, params?: unknown[], options?: QueryOptions) => Promise<Results<T>>;

/** Replaces the client's query(), and its transactions' query(), in place. */
export function prepareEveryStatement(client: PGlite, maxStatements = MAX_PREPARED_STATEMENTS) {
  const statements = new Map<string, PreparedStatement>();
  let named = 0;

  async function prepare(text: string, options?: QueryOptions): Promise<PreparedStatement> {
    const name = `mylo_${++named}`;
    const messages: Uint8Array[] = [];
    // The least recently used statement makes room, in the same entry into PGlite.
    if (statements.size >= maxStatements) {
      const [oldestText, oldest] = statements.entries().next().value!;
      statements.delete(oldestText);
      messages.push(serialize.close({ type: 'S', name: oldest.name }));
    }
    messages.push(
      serialize.parse({ name, text, types: options?.paramTypes }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    );
    const described = await client.execProtocolStream(Buffer.concat(messages), { syncToFs: false });
    const row = described.find(
      (message) => message instanceof protocol.messages.RowDescriptionMessage,
    );
    const statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(described),
      columns: (row?.fields ?? []).map(({ name, dataTypeID }) => ({ name, dataTypeID })),
    };
    statements.set(text, statement);
    return statement;
  }

  async function bindAndExecute<T>(
    statement: PreparedStatement,
    params: unknown[],
    options?: QueryOptions,
  ): Promise<Results<T>> {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = statement.paramTypes[i]!;
      const toText = options?.serializers?.[type] ?? client.serializers[type];
      return toText ? toText(param) : String(param);
    });
    // PGlite hands the answer over in pieces that are views of its memory: each is copied.
    const answer: Buffer[] = [];
    await client.execProtocolRawStream(
      Buffer.concat([
        serialize.bind({ statement: statement.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false, onRawData: (bytes) => answer.push(Buffer.from(bytes)) },
    );
    // A small answer comes in one piece (up to PostgreSQL's 8 kB output buffer): no second copy.
    const whole = answer.length === 1 ? answer[0]! : Buffer.concat(answer);
    return readResults<T>(whole, statement.columns, client.parsers, options);
  }

  /** Runs one statement; the caller holds PGlite's query lock. */
  async function run<T>(text: string, params: unknown[] = [], options?: QueryOptions) {
    const known = statements.get(text);
    if (!known) return bindAndExecute<T>(await prepare(text, options), params, options);
    // Most recently used last, so the first entry is the one to close when room is needed.
    statements.delete(text);
    statements.set(text, known);
    try {
      return await bindAndExecute<T>(known, params, options);
    } catch (error) {
      if (!STALE_STATEMENT.has((error as { code?: string }).code ?? '')) throw error;
      statements.delete(text);
      return bindAndExecute<T>(await prepare(text, options), params, options);
    }
  }

  // Outside a transaction: PGlite's two locks, and its write to disk afterwards, as query() does.
  const query: Query = <T>(text: string, params?: unknown[], options?: QueryOptions) =>
    client._runExclusiveTransaction(() =>
      client._runExclusiveQuery(async () => {
        const result = await run<T>(text, params, options);
        await client.syncToFs();
        return result;
      }),
    );

  // Inside one: PGlite already holds the transaction lock for it, and writes at its commit.
  const inTransaction =
    (tx: Transaction): Query =>
    async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
      if (tx.closed) throw new Error('Transaction is closed');
      return client._runExclusiveQuery(() => run<T>(text, params, options));
    };

  const transaction = client.transaction.bind(client);
  Object.assign(client, {
    query,
    transaction: <T>(callback: (tx: Transaction) => Promise<T>) =>
      transaction((tx) => callback(Object.assign(tx, { query: inTransaction(tx) }))),
  });
  return { preparedCount: () => statements.size };
}
