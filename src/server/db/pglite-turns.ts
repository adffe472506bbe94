// How this process shares its embedded PGlite (one connection, run on this thread) fairly.
//
// - PGlite runs each statement synchronously and starts the next queued one as soon as the
//   last one's promise settles: while statements are queued, the event loop never reaches its
//   I/O phase, so new connections and requests wait unread. Under 50 connections requests
//   already inside were served while others waited 8 s to be read at all (issue 15). Each
//   statement now first waits for the event loop's next turn, which reads what arrived; so
//   does each statement inside a transaction (PGlite keeps other statements out until it ends).
// - Every statement that may change data (anything but a SELECT; every transaction and script)
//   moves a data version before it starts and after it ends. Nothing else writes this
//   database (PGlite is one process by definition), so a read made under one version is still
//   the answer while the version has not moved (prepared.ts's reads kept until a write).

interface PgliteLike {
  query: (...args: never[]) => Promise<unknown>;
  exec: (...args: never[]) => Promise<unknown>;
  transaction: (...args: never[]) => Promise<unknown>;
}

const READ = /^\s*select\b/i;

type Statement = (...args: unknown[]) => Promise<unknown>;

/** Replaces each named method of `target` with `wrap(original, name)`, in place. */
function wrapMethods<T extends PgliteLike>(
  target: T,
  methods: readonly (keyof PgliteLike)[],
  wrap: (run: Statement, method: keyof PgliteLike) => Statement,
): T {
  for (const method of methods) {
    const run = (target[method] as Statement).bind(target);
    (target as Record<string, unknown>)[method] = wrap(run, method);
  }
  return target;
}

/** The statement, started only after the event loop's next turn. */
const afterATurn =
  (run: Statement): Statement =>
  async (...args) => {
    await new Promise<void>((resolve) => setImmediate(resolve));
    return run(...args);
  };

/**
 * A transaction's statements wait their turns too. Without this, a transaction ran from its
 * first statement to its commit without the event loop turning: a hand-in of a 1,000-page PDF
 * (its text written twice, compressed in PGlite's WebAssembly) held it for 28 ms.
 */
const statementsTakeTurns = (tx: PgliteLike) => wrapMethods(tx, ['query', 'exec'], afterATurn);

export interface Turns {
  /** Moves before and after every statement that may write. */
  dataVersion(): number;
  /** When a statement last finished without an error (performance.now()), or -Infinity. */
  lastAnswerAt(): number;
}

/** Wraps the client's statements in place. */
export function takeTurns(client: PgliteLike): Turns {
  let version = 0;
  let lastAnswerAt = -Infinity;
  const answered = <T>(result: T) => {
    lastAnswerAt = performance.now();
    return result;
  };
  wrapMethods(client, ['query', 'exec', 'transaction'], (run, method) =>
    afterATurn(async (...args) => {
      if (method === 'transaction' && typeof args[0] === 'function') {
        const body = args[0] as (tx: PgliteLike) => Promise<unknown>;
        args = [(tx: PgliteLike) => body(statementsTakeTurns(tx)), ...args.slice(1)];
      }
      const writes = method !== 'query' || typeof args[0] !== 'string' || !READ.test(args[0]);
      if (!writes) return answered(await run(...args));
      version += 1;
      try {
        return answered(await run(...args));
      } finally {
        version += 1;
      }
    }),
  );
  return { dataVersion: () => version, lastAnswerAt: () => lastAnswerAt };
}
