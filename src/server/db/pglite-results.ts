// Reads PGlite's answer to a bound and executed statement straight from the wire bytes.
//
// PGlite's own reader copies every field name and every value into an ArrayBuffer of its own
// before decoding it, and copies its whole table of type parsers (hundreds of entries) when the
// caller passes parsers of its own, as drizzle does on every statement: a third of the server
// thread in a deadline rush on the embedded database (decision 041). The statement's columns are
// known from when it was prepared, so only the rows and the command tag are left to read.
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { protocol } from '@electric-sql/pglite';

export interface Column {
  name: string;
  dataTypeID: number;
}

/** Text to value for one type; PGlite's `client.parsers`, keyed by type id. */
type Parsers = Record<number | string, (text: string, typeId: number) => unknown>;

const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const ERROR_RESPONSE = 0x45; // 'E'
const COUNTS_ROWS = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * The result PGlite's query() gives for this answer: rows as objects (or arrays with
 * `rowMode: 'array'`), the columns, the command and the rows it touched. An error in the answer
 * is thrown as PGlite throws it (a DatabaseError with PostgreSQL's code).
 */
export function readResults<T>(
  answer: Buffer,
  columns: Column[],
  parsers: Parsers,
  options?: QueryOptions,
): Results<T> {
  const parse = columns.map(
    ({ dataTypeID }) => options?.parsers?.[dataTypeID] ?? parsers[dataTypeID],
  );
  const asArrays = options?.rowMode === 'array';
  const rows: unknown[] = [];
  let tag: string | undefined;
  for (let offset = 0; offset + 5 <= answer.length;) {
    const code = answer[offset]!;
    const end = offset + 1 + answer.readUInt32BE(offset + 1);
    const body = offset + 5;
    if (code === DATA_ROW) rows.push(readRow(answer, body, columns, parse, asArrays));
    else if (code === COMMAND_COMPLETE) tag = answer.toString('utf8', body, end - 1);
    else if (code === ERROR_RESPONSE) throw databaseErrorIn(answer);
    // Anything else (bind complete, ready for query, a notice) says nothing about the result.
    offset = end;
  }
  if (tag === undefined) return { rows: [], fields: [], affectedRows: 0 } as Results<T>;
  const words = tag.split(' ');
  const command = words[0]!;
  const count = Number.parseInt(words[words.length - 1]!, 10);
  return {
    rows: rows as T[],
    fields: columns,
    command,
    affectedRows: COUNTS_ROWS.has(command) ? count : 0,
    ...(!Number.isNaN(count) && { rowCount: count }),
  } as Results<T>;
}

function readRow(
  answer: Buffer,
  body: number,
  columns: Column[],
  parse: (Parsers[number] | undefined)[],
  asArrays: boolean,
): unknown {
  const count = answer.readInt16BE(body);
  const row: unknown[] | Record<string, unknown> = asArrays ? new Array(count) : {};
  let at = body + 2;
  for (let i = 0; i < count; i++) {
    const length = answer.readInt32BE(at);
    at += 4;
    let value: unknown = null;
    if (length >= 0) {
      const text = answer.toString('utf8', at, at + length);
      at += length;
      const parser = parse[i];
      value = parser ? parser(text, columns[i]!.dataTypeID) : text;
    }
    if (asArrays) (row as unknown[])[i] = value;
    else (row as Record<string, unknown>)[columns[i]!.name] = value;
  }
  return row;
}

/** The first error in an answer, built by PGlite's own protocol reader. */
function databaseErrorIn(answer: Uint8Array): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(answer, (message) => {
    if (!error && message instanceof protocol.messages.DatabaseError) error = message;
  });
  return error ?? new Error('PGlite answered with an error it did not describe');
}
