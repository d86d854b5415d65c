/**
 * The rate ledger of one data directory: a small SQLite file every process using the directory
 * shares. Each grant is a row; `BEGIN IMMEDIATE` makes "count the live slots, then take one" one
 * step across processes.
 */
import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { RateLimit } from './types';
import { LEDGER_POLL_MS, type RateLedger } from './rate-ledger';
import type { Clock } from '../util/clock';
import { systemClock } from '../util/clock';

export const RATE_LEDGER_FILE = 'rate-ledger.sqlite';

/**
 * A slot held longer than this is taken as released at its end (a hung holder). Requests hold
 * their slot until the reply's headers arrive, which the HTTP timeout bounds well below this.
 */
export const LEDGER_LEASE_MS = 10 * 60_000;

export interface SqliteRateLedgerOptions {
  clock?: Clock;
  leaseMs?: number;
  /** Whether a process id is running; a dead holder's slot counts as released when seen dead. */
  isAlive?: (pid: number) => boolean;
}

interface SlotRow {
  holder: string;
  pid: number;
  taken_at: number;
  released_at: number | null;
}

export function openSqliteRateLedger(dataDir: string, options: SqliteRateLedgerOptions = {}): RateLedger {
  const clock = options.clock ?? systemClock;
  const leaseMs = options.leaseMs ?? LEDGER_LEASE_MS;
  const isAlive = options.isAlive ?? processIsAlive;
  const file = path.join(dataDir, RATE_LEDGER_FILE);
  // Created owner-only before SQLite opens it (the data directory's files are private).
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
  const db = new Database(file, { timeout: 10_000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE IF NOT EXISTS rate_slots (
    holder TEXT PRIMARY KEY,
    key TEXT NOT NULL,
    pid INTEGER NOT NULL,
    taken_at REAL NOT NULL,
    released_at REAL
  );
  CREATE INDEX IF NOT EXISTS rate_slots_key ON rate_slots (key);`);

  const slotsOf = db.prepare<[string], SlotRow>(
    'SELECT holder, pid, taken_at, released_at FROM rate_slots WHERE key = ?',
  );
  const forget = db.prepare<[string]>('DELETE FROM rate_slots WHERE holder = ?');
  const markReleased = db.prepare<[number, string]>(
    'UPDATE rate_slots SET released_at = ? WHERE holder = ? AND released_at IS NULL',
  );
  const take = db.prepare<[string, string, number, number]>(
    'INSERT INTO rate_slots (holder, key, pid, taken_at) VALUES (?, ?, ?, ?)',
  );

  const holdInTransaction = db.transaction(
    (key: string, limit: RateLimit, holder: string): number | undefined => {
      const now = clock.now();
      const live: number[] = [];
      for (const slot of slotsOf.all(key)) {
        let releasedAt = slot.released_at;
        if (releasedAt === null && slot.pid !== process.pid && !isAlive(slot.pid)) {
          releasedAt = now;
          markReleased.run(now, slot.holder);
        } else if (releasedAt === null && slot.taken_at + leaseMs <= now) {
          releasedAt = slot.taken_at + leaseMs;
          markReleased.run(releasedAt, slot.holder);
        }
        const freeAt = releasedAt === null ? Infinity : releasedAt + limit.intervalMs;
        if (freeAt <= now) {
          forget.run(slot.holder);
        } else {
          live.push(freeAt);
        }
      }
      if (live.length < limit.requests) {
        take.run(holder, key, process.pid, now);
        return undefined;
      }
      const soonest = Math.min(...live);
      return soonest === Infinity ? LEDGER_POLL_MS : Math.max(1, Math.ceil(soonest - now));
    },
  );

  // Synchronous work behind promises: a release is written before the caller's next step runs.
  return {
    tryHold: (key, limit, holder) => {
      try {
        // IMMEDIATE takes the write lock before reading, so two processes never both count a free slot.
        return Promise.resolve(holdInTransaction.immediate(key, limit, holder));
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    release: (_key, holder) => {
      try {
        markReleased.run(clock.now(), holder);
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
    close: () => {
      db.close();
      return Promise.resolve();
    },
  };
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
