// GET /health asks PostgreSQL on a connection of its own. Through the request pool a ping waits
// behind every statement queued before it: during a deadline rush /health took up to 2 s to
// answer, long enough for a load balancer to take a busy but healthy instance out of service
// (issue 15). One more connection per instance; it reconnects after any failure, so a database
// that comes back is seen as up on the next ping.
import type pg from 'pg';

const TIMEOUT_MS = 5_000;

export function createPingConnection(Client: typeof pg.Client, url: string) {
  let connection: Promise<pg.Client> | null = null;

  const connect = async () => {
    const client = new Client({
      connectionString: url,
      connectionTimeoutMillis: TIMEOUT_MS,
      query_timeout: TIMEOUT_MS,
    });
    // A connection the server ends (restart, pg_terminate_backend) is dropped, not thrown.
    client.on('error', () => drop(client));
    await client.connect();
    return client;
  };

  const drop = (client: pg.Client | null) => {
    connection = null;
    void client?.end().catch(() => {});
  };

  let closed = false;
  const askOnce = async (): Promise<boolean> => {
    // Closed with the database handle: this instance no longer serves from the database.
    if (closed) return false;
    let client: pg.Client | null = null;
    try {
      connection ??= connect();
      client = await connection;
      await client.query('select 1');
      return true;
    } catch {
      drop(client);
      return false;
    }
  };

  // One question at a time on the one connection (node-postgres asks callers not to overlap
  // queries on a client); every caller still gets an answer of its own.
  let previous: Promise<unknown> = Promise.resolve();
  return {
    ping(): Promise<boolean> {
      const answer = previous.then(askOnce);
      previous = answer;
      return answer;
    },
    async close() {
      closed = true;
      const current = connection;
      connection = null;
      await current?.then((client) => client.end()).catch(() => {});
    },
  };
}
