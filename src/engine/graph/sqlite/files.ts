/**
 * A case file among other processes: noticing it was deleted or replaced under an open store,
 * deleting one only when no process has it open, and complete copies of an open case.
 */
import { chmodSync, closeSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import Database from 'better-sqlite3';
import { identifyCaseFile } from './identify';
import { CASE_FILE_MODE } from './open';
import { EngineError } from '../../util/engine-error';

/** The case file an open store writes was deleted or replaced: its writes would be lost. */
export class CaseFileGoneError extends EngineError {
  override readonly name = 'CaseFileGoneError';
  constructor(message: string, options?: ErrorOptions) {
    super('case_file_gone', message, options);
  }
}

/** Another process (the app, a CLI run) has the case open. */
export class CaseInUseError extends EngineError {
  override readonly name = 'CaseInUseError';
  constructor(message: string, options?: ErrorOptions) {
    super('case_in_use', message, options);
  }
}

/** Which file a path named when the store opened it (device and inode). */
export interface FileIdentity {
  path: string;
  dev: number;
  ino: number;
}

export function fileIdentityOf(path: string): FileIdentity | undefined {
  if (path === ':memory:') {
    return undefined;
  }
  const info = statSync(path);
  return { path, dev: info.dev, ino: info.ino };
}

/**
 * Throws when the path no longer names the file the store opened. Checked before every write: a
 * write into a deleted file would commit and be lost, and the run would report success.
 */
export function requireSameFile(identity: FileIdentity | undefined): void {
  if (identity === undefined) {
    return;
  }
  const info = statSync(identity.path, { throwIfNoEntry: false });
  if (info === undefined || info.dev !== identity.dev || info.ino !== identity.ino) {
    throw new CaseFileGoneError(
      `case file ${identity.path} was ${info === undefined ? 'deleted' : 'replaced'} while open; nothing more is saved to it`,
    );
  }
}

/**
 * A complete, consistent copy of an open case (committed WAL contents included) at `target`,
 * 0600, written beside it first and renamed into place so a failed copy leaves nothing behind.
 */
export function copyCaseDatabase(db: Database.Database, target: string): void {
  const own = statSync(db.name, { throwIfNoEntry: false });
  const existing = statSync(target, { throwIfNoEntry: false });
  if (own !== undefined && existing !== undefined && own.dev === existing.dev && own.ino === existing.ino) {
    throw new Error(`cannot copy case ${db.name} onto itself`);
  }
  const temporary = `${target}.${process.pid}.tmp`;
  // VACUUM INTO needs a missing or empty file: an empty one made 0600 keeps the copy private.
  closeSync(openSync(temporary, 'w', CASE_FILE_MODE));
  try {
    db.prepare('VACUUM INTO ?').run(temporary);
    chmodSync(temporary, CASE_FILE_MODE);
    renameSync(temporary, target);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/** Copies a case file that may be open elsewhere (the CLI's copy), without writing to it. */
export function copyCaseFile(source: string, target: string): void {
  identifyCaseFile(source);
  const db = new Database(source, { readonly: true, fileMustExist: true });
  try {
    copyCaseDatabase(db, target);
  } finally {
    db.close();
  }
}

/**
 * Deletes a case file and its WAL companions, refusing while another process has it open.
 * Leaving WAL mode needs the only connection to the file, so `journal_mode = DELETE` is the
 * test; the exclusive lock taken next keeps a newcomer out until the files are gone.
 */
export function deleteCaseFile(path: string): void {
  identifyCaseFile(path);
  const db = new Database(path, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 0');
    let mode: unknown;
    try {
      mode = db.pragma('journal_mode = DELETE', { simple: true });
      db.exec('BEGIN EXCLUSIVE');
    } catch {
      mode = undefined;
    }
    if (mode !== 'delete') {
      throw new CaseInUseError(
        `case ${path} is open in another process (the app or a CLI run); close it there, then delete it`,
      );
    }
    for (const suffix of ['-wal', '-shm', '-journal', '']) {
      rmSync(`${path}${suffix}`, { force: true });
    }
  } finally {
    db.close();
  }
}
