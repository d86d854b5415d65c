/**
 * The team-case schema in a PostgreSQL database and its migrations. One database holds several
 * named cases. A case is its ordered log of committed writes (the one write path's input with its
 * write time, and the sequence number it produced); every client rebuilds the graph from the log
 * with the same write-path code the SQLite backend runs, so both backends give the same graph
 * (docs/team-cases.md, "One write path, two backends").
 */
import type pg from 'pg';
import { TeamCaseError } from './connection';

/** Migrations in order; index + 1 is the schema version they lead to. Never edit a shipped one. */
const MIGRATIONS: readonly string[] = [
  `CREATE TABLE trace_graph_cases (
     name text PRIMARY KEY CHECK (length(name) BETWEEN 1 AND 200),
     created_at timestamptz NOT NULL DEFAULT now(),
     last_write bigint NOT NULL DEFAULT 0,
     seq bigint NOT NULL DEFAULT 0
   );
   CREATE TABLE trace_graph_writes (
     case_name text NOT NULL REFERENCES trace_graph_cases (name) ON DELETE CASCADE,
     write_no bigint NOT NULL,
     seq bigint NOT NULL,
     kind text NOT NULL CHECK (kind IN ('apply', 'meta', 'positions', 'session')),
     payload jsonb NOT NULL,
     written_at timestamptz NOT NULL DEFAULT now(),
     PRIMARY KEY (case_name, write_no)
   );
   CREATE TABLE trace_graph_rate_slots (
     holder text PRIMARY KEY,
     key text NOT NULL,
     backend_pid integer NOT NULL,
     taken_at double precision NOT NULL,
     released_at double precision
   );
   CREATE INDEX trace_graph_rate_slots_key ON trace_graph_rate_slots (key);`,
  // Undo and manual merge are logged writes too (docs/team-cases.md).
  `ALTER TABLE trace_graph_writes DROP CONSTRAINT trace_graph_writes_kind_check;
   ALTER TABLE trace_graph_writes ADD CONSTRAINT trace_graph_writes_kind_check
     CHECK (kind IN ('apply', 'meta', 'positions', 'session', 'undo', 'merge'));`,
];

export const SCHEMA_VERSION = MIGRATIONS.length;
/** Serialises migrations of one database across clients (an arbitrary, fixed advisory lock id). */
const MIGRATION_LOCK = 4_216_180_316;

async function currentVersion(client: pg.Client): Promise<number> {
  const exists = await client.query<{ found: string | null }>(
    `SELECT to_regclass('trace_graph_schema')::text AS found`,
  );
  if (exists.rows[0]?.found === null || exists.rows[0]?.found === undefined) {
    return 0;
  }
  const version = await client.query<{ version: number | null }>(
    'SELECT max(version) AS version FROM trace_graph_schema',
  );
  return version.rows[0]?.version ?? 0;
}

/**
 * Brings the database's schema to SCHEMA_VERSION under an advisory lock (two clients creating the
 * first case never collide). A role that cannot create tables gets a clear error when a migration
 * is needed, and nothing when the schema is current.
 */
export async function migrate(client: pg.Client): Promise<void> {
  const before = await currentVersion(client);
  if (before > SCHEMA_VERSION) {
    throw new TeamCaseError(
      `this database holds team cases of a newer Trace Graph (schema ${before}, this one knows ${SCHEMA_VERSION})`,
    );
  }
  if (before === SCHEMA_VERSION) {
    return;
  }
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await client.query('CREATE TABLE IF NOT EXISTS trace_graph_schema (version integer NOT NULL)');
    const version = await currentVersion(client);
    for (let index = version; index < MIGRATIONS.length; index += 1) {
      await client.query(MIGRATIONS[index] ?? '');
      await client.query('INSERT INTO trace_graph_schema (version) VALUES ($1)', [index + 1]);
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    if ((error as { code?: string }).code === '42501') {
      throw new TeamCaseError(
        'this database has no current Trace Graph schema and your role may not create it (ask its owner to open a team case once)',
      );
    }
    throw error;
  }
}
