// PostgreSQL's data version, for keeping prepared reads' answers (prepared.ts, decision 040).
//
// `pg_current_snapshot()` names which transactions a statement started now would see as
// committed: xmin, xmax and the ids still in progress. Any transaction that writes and then
// commits or aborts changes it, from any connection, instance, trigger, job or operator's psql;
// a read-only one does not (it takes no transaction id). So if the snapshot read before an
// answer was read is the same text as the snapshot now, no write has ended in between, and the
// answer is still what the read would return. A different text only means "read again".
//
// One check answers every read that asked for it before the check was sent: those reads all
// began earlier, so a snapshot taken after they began is recent enough for each. Reads asked
// for after a check was sent wait for the next one; joining would let a write that ended
// before the read began, and after that snapshot, go unseen.

/** What node-postgres' Pool offers that this needs. */
export interface SnapshotQueryable {
  query(config: { name: string; text: string; rowMode: 'array' }): Promise<{ rows: unknown[][] }>;
}

/**
 * The snapshot, and when the server started: transaction ids can be handed out again after a
 * crash that lost commits, a restore, or a failover to a standby that was behind, and an old
 * snapshot text would then vouch for answers read from other data. A restarted or other
 * server has another start time.
 */
const SNAPSHOT_STATEMENT = {
  name: 'mylo_data_snapshot',
  text: "select pg_current_snapshot()::text || ' ' || pg_postmaster_start_time()::text",
  rowMode: 'array' as const,
};

/**
 * A function returning the database's snapshot text now. Calls made in one turn of the event
 * loop share one statement, sent on the next turn.
 */
export function snapshotVersions(pool: SnapshotQueryable): () => Promise<string> {
  let next: Promise<string> | undefined;
  return () => {
    next ??= new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
      // From here on the check is being sent: later callers start the next one.
      next = undefined;
      const { rows } = await pool.query(SNAPSHOT_STATEMENT);
      const snapshot = rows[0]?.[0];
      // Never a stand-in text: one that stayed the same would keep answers for good.
      if (typeof snapshot !== 'string') throw new Error('the data snapshot gave no text');
      return snapshot;
    });
    return next;
  };
}
