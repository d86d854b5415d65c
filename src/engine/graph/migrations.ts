/** The case-file schema and its ordered migrations, keyed by `PRAGMA user_version`. */
import type Database from 'better-sqlite3';

/**
 * One step per schema version: step N (1-based index) brings a file from version N-1 to N.
 * Steps are append-only: never edit a released step, add a new one.
 */
const STEPS: readonly string[] = [
  `
  CREATE TABLE entities (
    id TEXT PRIMARY KEY,
    type TEXT NOT NULL,
    content TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE TABLE entity_tags (
    entity_id TEXT NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    value TEXT NOT NULL,
    handler TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (entity_id, name, value, handler)
  ) WITHOUT ROWID;
  CREATE TABLE edges (
    id TEXT PRIMARY KEY,
    from_id TEXT NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    to_id TEXT NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    relation TEXT NOT NULL,
    properties TEXT NOT NULL DEFAULT '{}',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    CHECK (from_id <> to_id)
  );
  CREATE INDEX edges_from ON edges(from_id, relation);
  CREATE INDEX edges_to ON edges(to_id, relation);
  CREATE TABLE edge_sources (
    edge_id TEXT NOT NULL REFERENCES edges(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    confidence INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    PRIMARY KEY (edge_id, name)
  ) WITHOUT ROWID;
  CREATE TABLE merges (
    from_id TEXT PRIMARY KEY,
    into_id TEXT NOT NULL,
    merged_at INTEGER NOT NULL
  );
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
  CREATE TABLE sessions (id TEXT PRIMARY KEY, record TEXT NOT NULL);
  CREATE TABLE positions (entity_id TEXT PRIMARY KEY, x REAL NOT NULL, y REAL NOT NULL);
  `,
];

/** The schema version this code writes. */
export const SCHEMA_VERSION = STEPS.length;

/** A case file written by a newer version of the app: opening it could corrupt it. */
export class CaseFileVersionError extends Error {
  override readonly name = 'CaseFileVersionError';
}

/**
 * Brings the database to SCHEMA_VERSION, each step in its own transaction so that a crash
 * leaves the file at a known version. Refuses files newer than this code.
 */
export function migrate(db: Database.Database, location: string, steps: readonly string[] = STEPS): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > steps.length) {
    throw new CaseFileVersionError(
      `case file ${location} has schema version ${current}, newer than this app supports (${steps.length}); update the app to open it`,
    );
  }
  for (let version = current + 1; version <= steps.length; version += 1) {
    const step = steps[version - 1] ?? '';
    db.transaction(() => {
      db.exec(step);
      db.pragma(`user_version = ${version}`);
    }).immediate();
  }
}
