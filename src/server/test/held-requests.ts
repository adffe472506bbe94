// Routes whose handlers wait until the test lets them finish, for tests of who is served when
// (limits/database-admission.test.ts, limits/heavy-requests.test.ts).
import type { FastifyInstance } from 'fastify';

export function heldRequests() {
  const finished: string[] = [];
  const gates = new Map<string, () => void>();
  return {
    /** Names in the order their handlers finished. */
    finished,
    /** The gate of each handler that has started, by name. */
    gates,
    /** A handler's body: waits for its gate, then records that it finished. */
    hold: (name: string) =>
      new Promise<void>((resolve) => gates.set(name, resolve)).then(() => finished.push(name)),
    /** Lets the handler `name` finish, then waits until the one named `next` has started. */
    async finishThenAwait(name: string, next: string) {
      gates.get(name)!();
      await until(() => gates.has(next));
    },
    /** Opens every gate (after a test, so that no handler is left waiting). */
    openAll() {
      for (const open of gates.values()) open();
      gates.clear();
      finished.length = 0;
    },
  };
}

/** Listens on an ephemeral loopback port; answers the base URL. */
export async function listenOnLoopback(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** Waits until the condition holds (a synchronisation point, not a timing assertion). */
export async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
