/**
 * The team's rate ledger: the sources' limits hold for every member of a team case at once. The
 * same grant book as the data directory's SQLite ledger (net/rate-ledger-sqlite.ts), kept in the
 * team case's database. A transaction-scoped advisory lock per key makes "count the live slots,
 * then take one" one step across members. A slot whose holder's connection is gone (a killed
 * client) counts as released when seen, so a crash never blocks a source for the team.
 *
 * It has the shape of net's RateLedger (graph may not import net; the engine joins the two).
 */
import type pg from 'pg';
import { connectTeamCase } from './connection';
import type { TeamCaseTarget } from './team-case-url';

/** How long to wait before asking again while every slot is held by a request in flight. */
const POLL_MS = 25;

interface Limit {
  requests: number;
  intervalMs: number;
}

export interface PgRateLedger {
  tryHold(key: string, limit: Limit, holder: string): Promise<number | undefined>;
  release(key: string, holder: string): Promise<void>;
  close(): Promise<void>;
}

export async function openPgRateLedger(
  target: TeamCaseTarget,
  password: string | undefined,
  now: () => number = Date.now,
): Promise<PgRateLedger> {
  const client: pg.Client = await connectTeamCase(target, password);
  // One connection, so a release is sent before this process's next hold.
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(task: () => Promise<T>): Promise<T> => {
    const run = chain.then(task);
    chain = run.catch(() => undefined);
    return run;
  };

  const tryHold = (key: string, limit: Limit, holder: string): Promise<number | undefined> =>
    serial(async () => {
      await client.query('BEGIN');
      try {
        await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`trace_graph_rate:${key}`]);
        const at = now();
        // Holders whose connection ended (killed clients) released when seen.
        await client.query(
          `UPDATE trace_graph_rate_slots SET released_at = $2
             WHERE key = $1 AND released_at IS NULL
               AND backend_pid NOT IN (SELECT pid FROM pg_stat_activity WHERE pid IS NOT NULL)`,
          [key, at],
        );
        await client.query('DELETE FROM trace_graph_rate_slots WHERE key = $1 AND released_at + $2 <= $3', [
          key,
          limit.intervalMs,
          at,
        ]);
        const live = await client.query<{ released_at: number | null }>(
          'SELECT released_at FROM trace_graph_rate_slots WHERE key = $1',
          [key],
        );
        let wait: number | undefined;
        if (live.rows.length < limit.requests) {
          await client.query(
            'INSERT INTO trace_graph_rate_slots (holder, key, backend_pid, taken_at) VALUES ($1, $2, pg_backend_pid(), $3)',
            [holder, key, at],
          );
        } else {
          const released = live.rows
            .map((row) => row.released_at)
            .filter((value): value is number => value !== null);
          wait =
            released.length === 0
              ? POLL_MS
              : Math.max(1, Math.ceil(Math.min(...released) + limit.intervalMs - at));
        }
        await client.query('COMMIT');
        return wait;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      }
    });

  return {
    tryHold,
    release: (_key, holder) =>
      serial(async () => {
        await client.query(
          'UPDATE trace_graph_rate_slots SET released_at = $2 WHERE holder = $1 AND released_at IS NULL',
          [holder, now()],
        );
      }),
    close: () => serial(() => client.end()),
  };
}
