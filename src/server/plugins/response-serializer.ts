// How responses become JSON. Every route declares its answer as a zod schema (which also makes
// the OpenAPI document); fast-json-stringify writes that answer from the schema's JSON Schema,
// compiled once per schema on its first use. It writes only the properties the schema names,
// so a field a service returns by mistake (a password hash, another student's grade) never
// leaves the server, as with zod; it does not re-check values against the schema: the route's
// types do that when it is compiled. (zod's encode, then JSON.stringify, took a fifth of the
// server's time on GET /api/courses under load: issue 15, decision 031.)
import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type Stringify = (data: unknown) => string;

const compiled = new WeakMap<$ZodType, Stringify>();

/**
 * The wire form of a response schema: its input side, where a date is an ISO 8601 string
 * (common.ts's codec); fast-json-stringify writes a Date there with toISOString().
 */
export function responseJsonSchema(schema: $ZodType) {
  const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'any' });
  return withNullableTypes(json);
}

type JsonSchemaNode = { [key: string]: unknown };

/**
 * zod writes `.nullable()` as `anyOf: [X, { type: 'null' }]`. fast-json-stringify settles an
 * `anyOf` by validating the value with Ajv, compiled on first use (78 ms of held event loop
 * for the submit answer) and run for every value; `type: [X's type, 'null']` says the same
 * and is written with a null check.
 */
function withNullableTypes(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNullableTypes);
  if (!node || typeof node !== 'object') return node;
  const entries = Object.entries(node).map(([key, value]) => [key, withNullableTypes(value)]);
  const schema = Object.fromEntries(entries) as JsonSchemaNode;
  const options = schema.anyOf;
  if (!Array.isArray(options) || options.length !== 2) return schema;
  const nullIndex = options.findIndex((option) => (option as JsonSchemaNode).type === 'null');
  const other = options[1 - nullIndex] as JsonSchemaNode | undefined;
  if (nullIndex === -1 || !other || typeof other.type !== 'string') return schema;
  const { anyOf: _anyOf, ...rest } = schema;
  return {
    ...rest,
    ...other,
    type: [other.type, 'null'],
    ...(Array.isArray(other.enum) && { enum: [...(other.enum as unknown[]), null] }),
  };
}

function stringifierFor(schema: $ZodType): Stringify {
  let stringify = compiled.get(schema);
  if (!stringify) {
    stringify = fastJsonStringify(responseJsonSchema(schema) as never) as Stringify;
    compiled.set(schema, stringify);
  }
  return stringify;
}

/** Every response schema a route has declared, for compileResponseSerializers. */
const declared = new Set<$ZodType>();

/** Fastify's serializer compiler: one stringifier per route and status, built lazily. */
export function serializerCompiler({ schema }: { schema: unknown }): Stringify {
  const zodSchema = resolveSchema(schema);
  declared.add(zodSchema);
  let stringify: Stringify | undefined;
  // Per route and status: the same listing under another schema is another text.
  const written = new WeakMap<object, string>();
  return (data) => {
    stringify ??= stringifierFor(zodSchema);
    if (!keptListings.has(data as object)) return stringify(data);
    let text = written.get(data as object);
    if (text === undefined) {
      text = stringify(data);
      written.set(data as object, text);
    }
    return text;
  };
}

const listingOf = new WeakMap<unknown[], { items: unknown[] }>();
const keptListings = new WeakSet<object>();

/**
 * A list answer, `{ items }`. For a kept answer (prepared.ts: frozen all the way down, and the
 * same array until the database's data version moves) it is the same object every time, and
 * its text is written once and then sent as it is: writing the teacher's kept course list was
 * a quarter of the server's time on GET /api/courses (decision 040).
 */
export function listing<T>(items: T[]): { items: T[] } {
  if (!Object.isFrozen(items)) return { items };
  let found = listingOf.get(items);
  if (!found) {
    found = Object.freeze({ items });
    listingOf.set(items, found);
    keptListings.add(found);
  }
  return found as { items: T[] };
}

/**
 * Compiles the stringifier of every declared response schema that has none yet; answers how
 * many. A compile holds the thread for 5 to 30 ms (zod's JSON Schema, then fast-json-stringify's
 * own schema check and code generation); a server calls this after `ready()` and before it
 * listens, so no request waits behind one. Tests leave it out: they compile what they use.
 */
export function compileResponseSerializers(): number {
  let count = 0;
  for (const schema of declared) {
    if (compiled.has(schema)) continue;
    stringifierFor(schema);
    count += 1;
  }
  return count;
}

function resolveSchema(schema: unknown): $ZodType {
  if (schema instanceof $ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  if (properties instanceof $ZodType) return properties;
  throw new Error('A response schema must be a zod schema.');
}
