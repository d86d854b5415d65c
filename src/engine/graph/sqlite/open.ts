/**
 * Opening a case file: identify it without writing, create a new one 0600 and build its schema
 * inside the write lock, then switch to WAL and migrate. See docs/case-store.md, "case files".
 */
import { chmodSync, closeSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import { identifyCaseFile } from './identify';
import { migrate } from './migrations';

/** Case files hold investigation data: only their owner may read them. */
export const CASE_FILE_MODE = 0o600;

/**
 * The connection settings of a case file (exported so benchmarks measure raw SQLite under the
 * same ones). Every apply commits on its own, so with the default checkpoint threshold (1,000
 * pages) a checkpoint, with its fsyncs, ran every few dozen writes and took about a third of the
 * write time; at 4,000 pages (a WAL up to ~16 MB, truncated back to that size after each
 * checkpoint) pages rewritten by consecutive writes are copied back once. Durability is
 * unchanged: a commit is in the WAL either way.
 */
export function configureConnection(db: Database.Database): void {
  // First: it writes nothing, and every later statement may wait on another process's lock.
  db.pragma('busy_timeout = 5000');
  switchToWal(db);
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('wal_autocheckpoint = 4000');
  db.pragma(`journal_size_limit = ${16 * 1024 * 1024}`);
}

/**
 * Switching a database to WAL takes an exclusive lock, and SQLite answers SQLITE_BUSY at once,
 * without the busy handler, while another connection holds a lock: processes opening one new case
 * together (issue 11, item 3) met "database is locked" here. Retry for as long as busy_timeout
 * would wait.
 */
function switchToWal(db: Database.Database): void {
  const deadline = Date.now() + 5000;
  for (;;) {
    try {
      db.pragma('journal_mode = WAL');
      return;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() > deadline) {
        throw error;
      }
      // A synchronous pause: opening a case is synchronous throughout.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
    }
  }
}

/** Opens a case file (or `:memory:`) ready for the store; refuses anything that is not a case file. */
export function openCaseDatabase(path: string): Database.Database {
  if (path === ':memory:') {
    const db = new Database(path);
    configureConnection(db);
    migrate(db, path);
    return db;
  }
  const isNew = identifyCaseFile(path) === 'new';
  if (isNew) {
    createEmptyFile(path);
  }
  const db = new Database(path, { fileMustExist: true });
  try {
    if (isNew) {
      // The schema is built before WAL is switched on, each step in an IMMEDIATE transaction
      // that re-reads the version: a second process creating the same case waits, then finds
      // the step done (issue 11, item 3).
      db.pragma('busy_timeout = 5000');
      migrate(db, path);
    }
    configureConnection(db);
    migrate(db, path);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/**
 * Creates the file 0600 unless it exists (another process just created it, or an empty file was
 * left there): then that file is used, and made 0600 too, so that no case file is readable by
 * others because of how its empty file came to be (issue 24: an empty 0644 file became a case).
 */
function createEmptyFile(path: string): void {
  let fd: number;
  try {
    fd = openSync(path, 'wx', CASE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      chmodSync(path, CASE_FILE_MODE);
      return;
    }
    throw error;
  }
  closeSync(fd);
}
