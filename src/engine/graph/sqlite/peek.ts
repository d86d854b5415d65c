/**
 * Reading what a case list shows of a case file (its name, when it was made) without changing a
 * byte on disk, nor creating a file beside it (issue 23, item 5: listing changed "Last changed").
 *
 * A read-only better-sqlite3 connection to a WAL-mode file creates its `-wal` and `-shm` (and a
 * closed case file is in WAL mode), and better-sqlite3 is built without URI file names, so it
 * cannot open a file `immutable`. Node's own SQLite (`node:sqlite`) takes a `file:` URL: a file
 * nobody has open (no `-wal` beside it) is read `immutable=1` (no lock, no journal, nothing
 * created); one open elsewhere (its `-wal` and `-shm` are there) is read `mode=ro`, which sees what
 * its writers committed. Where `node:sqlite` is missing (Node before 22.13) the read falls back to
 * a read-only better-sqlite3 connection, which may leave an empty `-wal`/`-shm` beside the file.
 */
import { closeSync, lstatSync, openSync, readSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type * as NodeSqliteModule from 'node:sqlite';
import Database from 'better-sqlite3';
import { APPLICATION_ID, CASE_TABLES, SCHEMA_VERSION } from './migrations';

/** What a listing knows of a file: a case with its stored name and creation time, or why it is not one. */
export type CaseFilePeek =
  | { kind: 'case'; name: string | undefined; createdAt: string | undefined }
  | { kind: 'unreadable'; reason: string };

const SQLITE_HEADER = 'SQLite format 3\0';

/** Answers what `path` is, reading only. Never throws for a file that is not a case. */
export function peekCaseFile(path: string): CaseFilePeek {
  const info = lstatSync(path, { throwIfNoEntry: false });
  if (info === undefined) {
    return { kind: 'unreadable', reason: 'the file is no longer there' };
  }
  if (!info.isFile()) {
    return { kind: 'unreadable', reason: 'not a regular file' };
  }
  if (info.size === 0) {
    return { kind: 'unreadable', reason: 'an empty file (0 bytes), not a case file' };
  }
  if (readHeader(path) !== SQLITE_HEADER) {
    return { kind: 'unreadable', reason: 'not an SQLite database' };
  }
  const hasLog = (statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? -1) >= 0;
  try {
    return judge(readFacts(path, hasLog));
  } catch (error) {
    return { kind: 'unreadable', reason: `cannot be read (${firstLine(error)})` };
  }
}

interface FileFacts {
  applicationId: number;
  version: number;
  tables: Set<string>;
  meta: Map<string, string>;
}

function judge(facts: FileFacts): CaseFilePeek {
  const ours =
    facts.applicationId === APPLICATION_ID ||
    (facts.applicationId === 0 &&
      facts.version >= 1 &&
      CASE_TABLES.every((table) => facts.tables.has(table)));
  if (!ours) {
    return { kind: 'unreadable', reason: 'an SQLite database of another application, not a case file' };
  }
  if (facts.version > SCHEMA_VERSION) {
    return {
      kind: 'unreadable',
      reason: `written by a newer version of the app (schema ${facts.version}; this one reads up to ${SCHEMA_VERSION})`,
    };
  }
  return { kind: 'case', name: facts.meta.get('name'), createdAt: facts.meta.get('createdAt') };
}

const FACT_QUERIES = {
  applicationId: 'PRAGMA application_id',
  version: 'PRAGMA user_version',
  tables: "SELECT name FROM sqlite_master WHERE type = 'table'",
  meta: "SELECT key, value FROM meta WHERE key IN ('name', 'createdAt')",
} as const;

/** A minimal statement runner, so both SQLite bindings read the same facts. */
type Query = (sql: string) => Record<string, unknown>[];

function factsOf(query: Query): FileFacts {
  const applicationId = Number(Object.values(query(FACT_QUERIES.applicationId)[0] ?? {})[0] ?? 0);
  const version = Number(Object.values(query(FACT_QUERIES.version)[0] ?? {})[0] ?? 0);
  const tables = new Set(query(FACT_QUERIES.tables).map((row) => String(row.name)));
  const meta = new Map<string, string>();
  if (tables.has('meta')) {
    for (const row of query(FACT_QUERIES.meta)) {
      meta.set(String(row.key), String(row.value));
    }
  }
  return { applicationId, version, tables, meta };
}

function readFacts(path: string, hasLog: boolean): FileFacts {
  const nodeSqlite = loadNodeSqlite();
  if (nodeSqlite === undefined) {
    const db = new Database(path, { readonly: true, fileMustExist: true, timeout: 1_000 });
    try {
      return factsOf((sql) => db.prepare(sql).all() as Record<string, unknown>[]);
    } finally {
      db.close();
    }
  }
  const url = pathToFileURL(path);
  url.searchParams.set(hasLog ? 'mode' : 'immutable', hasLog ? 'ro' : '1');
  const db = new nodeSqlite.DatabaseSync(url, { readOnly: true, timeout: 1_000 });
  try {
    return factsOf((sql) => db.prepare(sql).all());
  } finally {
    db.close();
  }
}

type NodeSqlite = typeof NodeSqliteModule;
let nodeSqliteModule: NodeSqlite | null | undefined;

/**
 * `node:sqlite`, loaded once. Node announces it as experimental with a warning on stderr at load;
 * that one warning is held back (the app uses it for reads only), any other is passed on.
 */
function loadNodeSqlite(): NodeSqlite | undefined {
  if (nodeSqliteModule === undefined) {
    const emitWarning = process.emitWarning.bind(process);
    process.emitWarning = (warning: string | Error, ...rest: unknown[]) => {
      if (!String(warning instanceof Error ? warning.message : warning).includes('SQLite')) {
        (emitWarning as (...args: unknown[]) => void)(warning, ...rest);
      }
    };
    try {
      nodeSqliteModule = process.getBuiltinModule('node:sqlite') ?? null;
    } catch {
      nodeSqliteModule = null;
    } finally {
      process.emitWarning = emitWarning;
    }
  }
  return nodeSqliteModule ?? undefined;
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

function firstLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';
}
