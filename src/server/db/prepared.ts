// Prepared statements for the reads every signed-in page makes. Drizzle builds a query's SQL
// from its builder on every call (an eighth of a request's time on GET /api/courses, issue 15);
// a prepared one is built once per database and, on PostgreSQL, parsed once per connection
// (node-postgres names it). Values go in through `sql.placeholder(name)`.
import type { Database } from './connect';

interface Preparable<P> {
  prepare(name: string): P;
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
