// Prepared statements for the reads every signed-in page makes. Drizzle builds a query's SQL
// from its builder on every call (an eighth of a request's time on GET /api/courses, issue 15);
// a prepared one is built once per database and, on PostgreSQL, parsed once per connection
// (node-postgres names it). Values go in through `sql.placeholder(name)`.
//
// A prepared *read* also keeps its answers until the database's data version moves, and an
// answer is kept under the version read before it was read: a write that ends after that
// moves the version, so the answer is never given again. A teacher's course list and dashboard
// are read far more often than anything changes.
// - PGlite is this process's own: every write goes through it and moves a version kept in
//   memory (pglite-turns.ts, decision 031), so asking costs nothing.
// - PostgreSQL is written by other instances and connections too: its version is the
//   snapshot of committed transactions, one short statement shared by the reads of one turn
//   (snapshot-version.ts, decision 040). A read whose version has not moved then costs that
//   share of a round trip instead of the rows' transfer, parsing and mapping.
//
// A kept read must be a function of the data and its parameters alone (no now(), no
// sequences): the version says nothing about the clock.
import { sql, type Placeholder } from 'drizzle-orm';
import type { Database } from './connect';

interface Preparable<P> {
  prepare(name: string): P;
}

interface Executable<R, Params> {
  execute(params: Params): Promise<R>;
}

const preparedByDatabase = new WeakMap<Database, Map<string, unknown>>();

/**
 * The statement `name` for this database, built by `build` the first time. A name stands for
 * one SQL text: PostgreSQL refuses the same name for two statements on one connection.
 */
export function preparedFor<P>(db: Database, name: string, build: () => Preparable<P>): P {
  let statements = preparedByDatabase.get(db);
  if (!statements) {
    statements = new Map();
    preparedByDatabase.set(db, statements);
  }
  let statement = statements.get(name) as P | undefined;
  if (!statement) {
    statement = build().prepare(name);
    statements.set(name, statement);
  }
  return statement;
}

/** A transaction drizzle runs, on either driver. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * A statement from preparedFor, run inside a transaction (decision 041). Drizzle's prepared
 * statement holds the client of the session that prepared it (the pool, or PGlite's client),
 * and a transaction runs on a session of its own (the pool connection checked out for it, or
 * PGlite's transaction), so a statement built once per database cannot run in one as it is.
 * This is a copy of it holding the transaction's client: the SQL, parameters and result mapping
 * are built once, and on PostgreSQL each connection parses the named statement once, instead
 * of drizzle building the text and PostgreSQL planning it on every hand-in (038).
 */
export function runIn<P extends object>(tx: Transaction, statement: P): P {
  const { client } = (tx as unknown as { session: { client?: unknown } }).session;
  // Both drivers' prepared queries run on `this.client`; fail loudly if drizzle ever changes it.
  if (!client || !('client' in statement)) {
    throw new Error("drizzle no longer keeps a prepared statement's client where runIn looks");
  }
  return Object.assign(Object.create(Object.getPrototypeOf(statement) as object) as P, statement, {
    client,
  });
}

/**
 * What one database keeps, oldest answer first out: at most this many answers, and at most
 * this many rows in all. A student's "available courses" is every course of the school they
 * are not in, so a count of answers alone would let a thousand students' lists of a district's
 * courses fill gigabytes. An answer of more rows than the whole budget is not kept.
 */
export interface KeptBudget {
  answers: number;
  rows: number;
}
const KEPT_BUDGET: KeptBudget = { answers: 1_000, rows: 20_000 };

/** Moves whenever a write ends; equal values mean nothing was written in between. */
export type DataVersion = number | string;

interface KeptAnswers {
  dataVersion: () => DataVersion | Promise<DataVersion>;
  budget: KeptBudget;
  answers: Map<string, { version: DataVersion; rows: unknown; size: number }>;
  /** The rows of every kept answer. */
  rows: number;
}

const keptByDatabase = new WeakMap<Database, KeptAnswers>();

/** Lets this database's prepared reads keep answers while `dataVersion` stays the same. */
export function keepReadsUntilWrites(
  db: Database,
  dataVersion: () => DataVersion | Promise<DataVersion>,
  budget: KeptBudget = KEPT_BUDGET,
) {
  keptByDatabase.set(db, { dataVersion, budget, answers: new Map(), rows: 0 });
}

function forget(kept: KeptAnswers, key: string) {
  const known = kept.answers.get(key);
  if (!known) return;
  kept.answers.delete(key);
  kept.rows -= known.size;
}

/** Keeps `rows` under `key`, after letting the oldest answers go to make room. */
function keep(kept: KeptAnswers, key: string, version: DataVersion, rows: unknown) {
  forget(kept, key);
  const size = Array.isArray(rows) ? rows.length : 1;
  if (size > kept.budget.rows) return;
  for (const oldest of kept.answers.keys()) {
    if (kept.answers.size < kept.budget.answers && kept.rows + size <= kept.budget.rows) break;
    forget(kept, oldest);
  }
  kept.answers.set(key, { version, rows, size });
  kept.rows += size;
}

/**
 * preparedFor, for a read. One asked again under the same data version is answered from
 * memory, frozen: callers build new objects from it.
 */
export function preparedRead<R, Params extends Record<string, unknown>>(
  db: Database,
  name: string,
  build: () => Preparable<Executable<R, Params>>,
): Executable<R, Params> {
  const statement = preparedFor(db, name, build);
  const kept = keptByDatabase.get(db);
  if (!kept) return statement;
  return {
    async execute(params) {
      const key = `${name}\u0000${JSON.stringify(params)}`;
      let version: DataVersion;
      try {
        version = await kept.dataVersion();
      } catch {
        // One failed check is shared by a turn's reads: each reads for itself instead, and
        // fails only if its own statement does.
        return statement.execute(params);
      }
      const known = kept.answers.get(key);
      if (known?.version === version) return known.rows as R;
      const rows = deepFreeze(await statement.execute(params));
      // Under the version read before it: had a write ended since, even one this read saw,
      // the version has moved and this answer is never given again.
      keep(kept, key, version, rows);
      return rows;
    },
  };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !(value instanceof Date) && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * A LIMIT written into a prepared statement's text rather than sent as a parameter. PostgreSQL
 * plans a prepared statement once (a generic plan) only when that plan is no dearer than
 * planning each call; with an unknown LIMIT it assumes a tenth of the rows will be read and so
 * plans every call again (0.9 ms against a 0.08 ms execution for the dashboard's newest
 * submissions). drizzle's types take a number or a placeholder; an SQL fragment is what it
 * writes either way.
 */
export function literalLimit(rows: number): Placeholder {
  if (!Number.isSafeInteger(rows) || rows < 0) throw new Error(`not a row count: ${rows}`);
  return sql.raw(String(rows)) as unknown as Placeholder;
}
