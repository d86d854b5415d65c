/** The case-file schema and its ordered migrations, keyed by `PRAGMA user_version`. */
import type Database from 'better-sqlite3';
import { EngineError } from '../../util/engine-error';

/**
 * One step per schema version: step N (1-based index) brings a file from version N-1 to N.
 * Steps are append-only: never edit a released step, add a new one.
 */
export const SCHEMA_STEPS: readonly string[] = [
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
  // 2: the sequence number of the delta that last changed each row, for changesSince. Rows
  // written before it count as changed by the last delta so far (a catching-up client gets them).
  `
  ALTER TABLE entities ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE edges ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE merges ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
  UPDATE entities SET seq = coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'graph.seq'), 0);
  UPDATE edges SET seq = coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'graph.seq'), 0);
  UPDATE merges SET seq = coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'graph.seq'), 0);
  `,
  // 3: provenance for undo (docs/resolution.md): what each session's writes added, and the
  // before-image of each field set they changed. `detail` is kind-specific JSON.
  `
  CREATE TABLE write_log (
    session TEXT NOT NULL,
    at INTEGER NOT NULL,
    kind TEXT NOT NULL,
    target TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT ''
  );
  CREATE INDEX write_log_session ON write_log(session);
  `,
  // 4: raw source records (docs/ui.md, "Raw records"): each reply once, keyed by a hash of its
  // source, URL and text, linked to every entity it produced, per source and handler.
  `
  CREATE TABLE raw_replies (
    id TEXT PRIMARY KEY,
    source TEXT NOT NULL,
    url TEXT NOT NULL,
    text TEXT NOT NULL,
    received_at INTEGER NOT NULL
  );
  CREATE TABLE entity_raw (
    entity_id TEXT NOT NULL REFERENCES entities(id) ON DELETE CASCADE,
    reply_id TEXT NOT NULL REFERENCES raw_replies(id),
    source TEXT NOT NULL,
    handler TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (entity_id, reply_id, handler)
  ) WITHOUT ROWID;
  CREATE INDEX entity_raw_handler ON entity_raw(entity_id, source, handler);
  `,
  // 5: refresh and diff (docs/changes.md). `statements`: which edges the last complete answer of a
  // source and handler about a subject stated; an edge its source states in no answer any more is
  // marked no longer confirmed (`gone_at`, `gone_session` on its source), never deleted. `changes`:
  // the change records of each run (added, gone, changed with the earlier value).
  `
  ALTER TABLE edge_sources ADD COLUMN gone_at INTEGER;
  ALTER TABLE edge_sources ADD COLUMN gone_session TEXT;
  CREATE TABLE statements (
    subject TEXT NOT NULL,
    source TEXT NOT NULL,
    handler TEXT NOT NULL,
    edge_id TEXT NOT NULL,
    PRIMARY KEY (subject, source, handler, edge_id)
  ) WITHOUT ROWID;
  CREATE INDEX statements_edge ON statements(edge_id, source);
  CREATE TABLE changes (
    id INTEGER PRIMARY KEY,
    session TEXT NOT NULL,
    at INTEGER NOT NULL,
    change TEXT NOT NULL,
    entity TEXT,
    edge TEXT,
    field TEXT,
    before TEXT,
    after TEXT,
    source TEXT
  );
  CREATE INDEX changes_session ON changes(session);
  `,
  // 6: the investigator's notes and flags on entities and edges (docs/notes-and-flags.md). Kept
  // apart from the sources' rows; undo removes a session's own.
  `
  CREATE TABLE annotations (
    id INTEGER PRIMARY KEY,
    target TEXT NOT NULL,
    target_kind TEXT NOT NULL CHECK (target_kind IN ('entity', 'edge')),
    kind TEXT NOT NULL CHECK (kind IN ('note', 'flag')),
    text TEXT NOT NULL,
    author TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    session TEXT
  );
  CREATE INDEX annotations_target ON annotations(target);
  CREATE INDEX annotations_session ON annotations(session);
  `,
  // 7: undo in any order (docs/resolution.md): a session's log also lists the tags and edge
  // sources it confirmed again; undo hands what it created over to a session that still confirms
  // it, found by target.
  `
  CREATE INDEX write_log_target ON write_log(target);
  `,
];

/**
 * `PRAGMA application_id` of a case file ("TrGr"): with the schema version it tells a case file
 * from any other SQLite database before anything is written (identify.ts).
 */
export const APPLICATION_ID = 0x54724772;

/** Tables every case file has from schema version 1 on (files older than the application id). */
export const CASE_TABLES: readonly string[] = [
  'entities',
  'entity_tags',
  'edges',
  'edge_sources',
  'merges',
  'meta',
  'sessions',
  'positions',
];

/** The schema version this code writes. */
export const SCHEMA_VERSION = SCHEMA_STEPS.length;

/** A case file written by a newer version of the app: opening it could corrupt it. */
export class CaseFileVersionError extends EngineError {
  override readonly name = 'CaseFileVersionError';
  constructor(message: string, options?: ErrorOptions) {
    super('case_file_version', message, options);
  }
}

/**
 * Brings the database to SCHEMA_VERSION, each step in its own IMMEDIATE transaction so that a
 * crash leaves the file at a known version. The version is read inside the write lock: two
 * processes opening one new case run each step once (the second finds it done). Refuses files
 * newer than this code.
 */
export function migrate(
  db: Database.Database,
  location: string,
  steps: readonly string[] = SCHEMA_STEPS,
): void {
  const versionOf = (): number => db.pragma('user_version', { simple: true }) as number;
  const refuseNewer = (current: number): void => {
    if (current > steps.length) {
      throw new CaseFileVersionError(
        `case file ${location} has schema version ${current}, newer than this app supports (${steps.length}); update the app to open it`,
      );
    }
  };
  refuseNewer(versionOf());
  for (let version = versionOf() + 1; version <= steps.length; version += 1) {
    db.transaction(() => {
      const current = versionOf();
      refuseNewer(current);
      if (current >= version) {
        return;
      }
      db.exec(steps[version - 1] ?? '');
      db.pragma(`application_id = ${APPLICATION_ID}`);
      db.pragma(`user_version = ${version}`);
    }).immediate();
  }
}
