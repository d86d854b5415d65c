/**
 * The CLI's checks of everything it was given, run before the case file, the data directory or a
 * source is touched: each failure is a UsageError (one line, exit 2).
 */
import { constants } from 'node:fs';
import { access, open as openFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { UsageError } from './args';

const SQLITE_HEADER = 'SQLite format 3\u0000';

/** Refuses anything that is not an SQLite file we may read and write (or, for enrich, a new file). */
export async function checkCaseFile(file: string, mode: 'open-or-create' | 'existing'): Promise<void> {
  let info;
  try {
    info = await stat(file);
  } catch (error) {
    if (codeOf(error) !== 'ENOENT') {
      throw new UsageError(`cannot read case file ${file}: ${messageOf(error)}`);
    }
    if (mode === 'existing') {
      throw new UsageError(`case file ${file} does not exist`);
    }
    await checkWritableDirectory(path.dirname(path.resolve(file)), `cannot create case file ${file}`);
    return;
  }
  if (!info.isFile()) {
    throw new UsageError(`case file ${file} is not a regular file`);
  }
  try {
    await access(file, mode === 'existing' ? constants.R_OK : constants.R_OK | constants.W_OK);
  } catch (error) {
    throw new UsageError(
      `cannot ${mode === 'existing' ? 'read' : 'open'} case file ${file}: ${messageOf(error)}`,
    );
  }
  if (info.size === 0) {
    if (mode === 'existing') {
      throw new UsageError(`case file ${file} is empty`);
    }
    return;
  }
  const handle = await openFile(file, 'r');
  let header: Buffer;
  try {
    header = Buffer.alloc(64);
    const { bytesRead } = await handle.read(header, 0, header.length, 0);
    if (bytesRead < header.length || header.toString('latin1', 0, SQLITE_HEADER.length) !== SQLITE_HEADER) {
      throw new UsageError(`${file} is not a case file (not an SQLite database)`);
    }
  } finally {
    await handle.close();
  }
  // Every case file has a schema version (PRAGMA user_version, bytes 60-63 of the header) from its
  // first write; version 0 means another application's database, which opening would alter. A
  // write-ahead log may hold a newer header, so the check only applies without one.
  const walSize = await stat(`${file}-wal`).then(
    (wal) => wal.size,
    () => 0,
  );
  if (header.readUInt32BE(60) === 0 && walSize === 0) {
    throw new UsageError(`${file} is not a case file (an SQLite database without a case schema)`);
  }
}

/** An output file must not be the case file, nor a directory, and its directory must be writable. */
export async function checkOutputFile(file: string, casePath: string, flag: string): Promise<void> {
  if (path.resolve(file) === path.resolve(casePath)) {
    throw new UsageError(`${flag} must not be the case file`);
  }
  const info = await stat(file).catch(() => undefined);
  if (info?.isDirectory() === true) {
    throw new UsageError(`${flag} ${file} is a directory`);
  }
  await checkWritableDirectory(path.dirname(path.resolve(file)), `cannot write ${file}`);
}

/** The data directory may not exist yet (it is created), but it may not be something else. */
export async function checkDataDir(dir: string): Promise<void> {
  const info = await stat(dir).catch((error: unknown) => {
    if (codeOf(error) === 'ENOENT') {
      return undefined;
    }
    throw new UsageError(`cannot use data directory ${dir}: ${messageOf(error)}`);
  });
  if (info === undefined) {
    // Created later; its nearest existing ancestor must be a directory.
    const parent = path.dirname(dir);
    if (parent !== dir) {
      await checkDataDir(parent);
    }
    return;
  }
  if (!info.isDirectory()) {
    throw new UsageError(`data directory ${dir} is not a directory`);
  }
}

async function checkWritableDirectory(dir: string, what: string): Promise<void> {
  const info = await stat(dir).catch(() => undefined);
  if (info === undefined) {
    throw new UsageError(`${what}: directory ${dir} does not exist`);
  }
  if (!info.isDirectory()) {
    throw new UsageError(`${what}: ${dir} is not a directory`);
  }
  try {
    await access(dir, constants.W_OK);
  } catch {
    throw new UsageError(`${what}: directory ${dir} is not writable`);
  }
}

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code;
}

/** The first line of an error, with file-system codes said in words. */
export function messageOf(error: unknown): string {
  const code = codeOf(error);
  if (code === 'EACCES' || code === 'EPERM') {
    return 'permission denied';
  }
  const message = error instanceof Error ? error.message : String(error);
  return message.split(/\r?\n/, 1)[0] ?? message;
}

/** SQLite's words for a damaged file (SQLITE_CORRUPT, SQLITE_NOTADB). */
export function isCorruptDatabase(error: unknown): boolean {
  const code = codeOf(error);
  return (
    (typeof code === 'string' && /^SQLITE_(CORRUPT|NOTADB)/.test(code)) ||
    (error instanceof Error && /malformed|not a database/i.test(error.message))
  );
}
