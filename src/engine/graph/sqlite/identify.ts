/**
 * Telling a case file from anything else before a single byte is written: opening another
 * application's database would switch it to WAL or add our tables (issue 11, item 2). Only
 * reads happen here: the header through the file system, then a read-only connection (which
 * sees a write-ahead log's contents too).
 */
import { closeSync, existsSync, lstatSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { APPLICATION_ID, CASE_TABLES, CaseFileVersionError, SCHEMA_VERSION } from './migrations';
import { EngineError } from '../../util/engine-error';

/** A file that is not a case file: left untouched. */
export class NotACaseFileError extends EngineError {
  override readonly name = 'NotACaseFileError';
  constructor(message: string, options?: ErrorOptions) {
    super('not_a_case_file', message, options);
  }
}

const SQLITE_HEADER = 'SQLite format 3\0';

/** `new` when nothing is there yet (no file, or an empty one without a log); `case` for a case file. */
export function identifyCaseFile(path: string): 'new' | 'case' {
  const info = lstatSync(path, { throwIfNoEntry: false });
  const walSize = statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0;
  if (info === undefined) {
    if (walSize > 0) {
      throw new NotACaseFileError(`${path} does not exist but a write-ahead log of it does; not opening it`);
    }
    return 'new';
  }
  if (!info.isFile()) {
    throw new NotACaseFileError(`${path} is not a case file (not a regular file)`);
  }
  if (info.size === 0 && walSize === 0) {
    return 'new';
  }
  if (info.size > 0 && readHeader(path) !== SQLITE_HEADER) {
    throw new NotACaseFileError(`${path} is not a case file (not an SQLite database)`);
  }
  return inspect(path);
}

function readHeader(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const header = Buffer.alloc(SQLITE_HEADER.length);
    const read = readSync(fd, header, 0, header.length, 0);
    return header.toString('latin1', 0, read);
  } finally {
    closeSync(fd);
  }
}

function inspect(path: string): 'case' {
  // A read-only connection to a WAL database creates its shared-memory index (-shm) when none is
  // there. None there means no process had it open: one made here is removed again when the
  // file turns out not to be ours, so a refused database is left as it was found.
  const shm = `${path}-shm`;
  const shmExisted = existsSync(shm);
  let isCase = false;
  let db: Database.Database;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
  } catch (error) {
    throw new NotACaseFileError(`${path} is not a case file (${messageOf(error)})`);
  }
  try {
    let applicationId: number;
    let version: number;
    let tables: Set<string>;
    try {
      // Another process may be committing this case's first schema: wait for it as a writer would.
      db.pragma('busy_timeout = 5000');
      applicationId = db.pragma('application_id', { simple: true }) as number;
      version = db.pragma('user_version', { simple: true }) as number;
      tables = new Set(
        db.prepare<[], string>("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all(),
      );
    } catch (error) {
      throw new NotACaseFileError(`${path} is not a case file (${messageOf(error)})`);
    }
    const ours =
      applicationId === APPLICATION_ID ||
      // Case files written before the application id: version 1 or later with every case table.
      (applicationId === 0 && version >= 1 && CASE_TABLES.every((table) => tables.has(table)));
    if (!ours) {
      throw new NotACaseFileError(
        `${path} is not a case file (an SQLite database of another application); it was left unchanged`,
      );
    }
    if (version > SCHEMA_VERSION) {
      throw new CaseFileVersionError(
        `case file ${path} has schema version ${version}, newer than this app supports (${SCHEMA_VERSION}); update the app to open it`,
      );
    }
    isCase = true;
    return 'case';
  } finally {
    db.close();
    if (!isCase && !shmExisted) {
      rmSync(shm, { force: true });
    }
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
