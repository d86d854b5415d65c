/** Every SQL statement of the SQLite backend, prepared once per connection. */
import type Database from 'better-sqlite3';
import { prepareAnnotationStatements } from './annotations';
import type { ChangeRow, EdgeFilter, EdgeRow, EntityRow, MergeRow, SourceRow, TagRow } from './rows';

/**
 * Every statement of a connection, by what it reads and writes: entities (with tags and raw
 * replies), edges (with their sources), merges, the sequence numbers behind changesSince, the
 * case's own data (meta, positions, sessions, write log), annotations and change records.
 */
export function prepareStatements(db: Database.Database) {
  return {
    ...prepareAnnotationStatements(db),
    ...entityStatements(db),
    ...edgeStatements(db),
    ...mergeStatements(db),
    ...sequenceStatements(db),
    ...caseDataStatements(db),
    ...changeStatements(db),
  };
}

/** Entities, their tags (monitoring marks) and the raw replies behind them. */
function entityStatements(db: Database.Database) {
  return {
    insertEntity: db.prepare<[string, string, string, number, number, number]>(
      `INSERT INTO entities (id, type, content, created_at, updated_at, seq) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO NOTHING`,
    ),
    selectEntity: db.prepare<[string], EntityRow>(
      'SELECT id, type, content, created_at, updated_at FROM entities WHERE id = ?',
    ),
    entityExists: db.prepare<[string], number>('SELECT 1 FROM entities WHERE id = ?').pluck(),
    storedContents: db.prepare<[string], { id: string; content: string }>(
      'SELECT id, content FROM entities WHERE id IN (SELECT value FROM json_each(?))',
    ),
    updateEntity: db.prepare<[string, number, string]>(
      'UPDATE entities SET content = ?, updated_at = max(updated_at, ?) WHERE id = ?',
    ),
    touchEntity: db.prepare<[number, string]>(
      'UPDATE entities SET updated_at = max(updated_at, ?) WHERE id = ?',
    ),
    deleteEntity: db.prepare<[string]>('DELETE FROM entities WHERE id = ?'),
    allEntities: db.prepare<[], EntityRow>(
      'SELECT id, type, content, created_at, updated_at FROM entities ORDER BY id',
    ),
    insertTag: db.prepare<[string, string, string, string, number, number]>(
      `INSERT INTO entity_tags (entity_id, name, value, handler, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    refreshTag: db.prepare<[number, string, string, string, string]>(
      `UPDATE entity_tags SET updated_at = max(updated_at, ?)
     WHERE entity_id = ? AND name = ? AND value = ? AND handler = ?`,
    ),
    selectTags: db.prepare<[string], TagRow>(
      `SELECT entity_id, name, value, handler, created_at, updated_at FROM entity_tags
     WHERE entity_id = ? ORDER BY name, value, handler`,
    ),
    allTags: db.prepare<[], TagRow>(
      `SELECT entity_id, name, value, handler, created_at, updated_at FROM entity_tags
     ORDER BY entity_id, name, value, handler`,
    ),
    copyTags: db.prepare<[string, string]>(
      `INSERT INTO entity_tags (entity_id, name, value, handler, created_at, updated_at)
     SELECT ?, name, value, handler, created_at, updated_at FROM entity_tags WHERE entity_id = ?
     ON CONFLICT (entity_id, name, value, handler) DO UPDATE SET
       created_at = min(created_at, excluded.created_at),
       updated_at = max(updated_at, excluded.updated_at)`,
    ),
    insertReply: db.prepare<[string, string, string, string, number]>(
      `INSERT INTO raw_replies (id, source, url, text, received_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET received_at = max(received_at, excluded.received_at)`,
    ),
    // A reply already kept is only touched: its text is not bound again (every slice of a large
    // write carries the same replies, findings-slices.ts).
    touchReply: db.prepare<[number, string]>(
      'UPDATE raw_replies SET received_at = max(received_at, ?) WHERE id = ?',
    ),
    unlinkReplies: db.prepare<[string, string, string]>(
      'DELETE FROM entity_raw WHERE entity_id = ? AND source = ? AND handler = ?',
    ),
    linkReply: db.prepare<[string, string, string, string]>(
      'INSERT INTO entity_raw (entity_id, reply_id, source, handler) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    copyReplyLinks: db.prepare<[string, string]>(
      `INSERT INTO entity_raw (entity_id, reply_id, source, handler)
     SELECT ?, reply_id, source, handler FROM entity_raw WHERE entity_id = ? ON CONFLICT DO NOTHING`,
    ),
    selectReplies: db.prepare<
      [string],
      { source: string; handler: string; url: string; text: string; received_at: number }
    >(
      `SELECT l.source, l.handler, r.url, r.text, r.received_at
     FROM entity_raw l JOIN raw_replies r ON r.id = l.reply_id
     WHERE l.entity_id = ? ORDER BY l.source, l.handler, r.received_at, r.url`,
    ),
    isMonitored: db
      .prepare<[string, string, string, string, number], number>(
        `SELECT 1 FROM entity_tags
       WHERE entity_id = ? AND name = ? AND value = ? AND handler = ? AND updated_at >= ?`,
      )
      .pluck(),
  };
}

/** Edges, their sources (who stated them, with what confidence) and key holders. */
function edgeStatements(db: Database.Database) {
  const edgeFilter = `
    (@relations IS NULL OR e.relation IN (SELECT value FROM json_each(@relations)))
    AND (
      (@source IS NULL AND (@since IS NULL OR e.updated_at >= @since))
      OR (@source IS NOT NULL AND EXISTS (
        SELECT 1 FROM edge_sources s
        WHERE s.edge_id = e.id AND s.name = @source AND s.gone_at IS NULL
          AND (@since IS NULL OR s.updated_at >= @since)))
    )`;
  return {
    insertEdge: db.prepare<[string, string, string, string, string, number, number, number]>(
      `INSERT INTO edges (id, from_id, to_id, relation, properties, created_at, updated_at, seq)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING`,
    ),
    selectEdge: db.prepare<[string], EdgeRow>(
      'SELECT id, from_id, to_id, relation, properties, created_at, updated_at FROM edges WHERE id = ?',
    ),
    selectEdgeProperties: db.prepare<[string], string>('SELECT properties FROM edges WHERE id = ?').pluck(),
    storedProperties: db.prepare<[string], { id: string; properties: string }>(
      'SELECT id, properties FROM edges WHERE id IN (SELECT value FROM json_each(?))',
    ),
    updateEdge: db.prepare<[string, number, number, string]>(
      `UPDATE edges SET properties = ?, created_at = min(created_at, ?), updated_at = max(updated_at, ?)
     WHERE id = ?`,
    ),
    touchEdge: db.prepare<[number, string]>('UPDATE edges SET updated_at = max(updated_at, ?) WHERE id = ?'),
    deleteEdge: db.prepare<[string]>('DELETE FROM edges WHERE id = ?'),
    edgesTouching: db.prepare<[string, string], EdgeRow>(
      `SELECT id, from_id, to_id, relation, properties, created_at, updated_at FROM edges WHERE from_id = ?
     UNION SELECT id, from_id, to_id, relation, properties, created_at, updated_at FROM edges WHERE to_id = ?`,
    ),
    outgoing: db.prepare<EdgeFilter, EdgeRow>(
      `SELECT e.id, e.from_id, e.to_id, e.relation, e.properties, e.created_at, e.updated_at
     FROM edges e WHERE e.from_id = @id AND ${edgeFilter} ORDER BY e.relation, e.to_id`,
    ),
    incoming: db.prepare<EdgeFilter, EdgeRow>(
      `SELECT e.id, e.from_id, e.to_id, e.relation, e.properties, e.created_at, e.updated_at
     FROM edges e WHERE e.to_id = @id AND ${edgeFilter} ORDER BY e.relation, e.from_id`,
    ),
    allEdges: db.prepare<[], EdgeRow>(
      'SELECT id, from_id, to_id, relation, properties, created_at, updated_at FROM edges ORDER BY id',
    ),
    insertSource: db.prepare<[string, string, number, number, number]>(
      `INSERT INTO edge_sources (edge_id, name, confidence, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
    ),
    refreshSameSource: db.prepare<[number, string, string, number]>(
      `UPDATE edge_sources SET updated_at = max(updated_at, ?)
     WHERE edge_id = ? AND name = ? AND confidence = ?`,
    ),
    upsertSource: db.prepare<[string, string, number, number, number]>(
      `INSERT INTO edge_sources (edge_id, name, confidence, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (edge_id, name) DO UPDATE SET
       confidence = excluded.confidence, updated_at = max(updated_at, excluded.updated_at)`,
    ),
    selectSources: db.prepare<[string], SourceRow>(
      `SELECT edge_id, name, confidence, created_at, updated_at, gone_at, gone_session FROM edge_sources
     WHERE edge_id = ? ORDER BY name`,
    ),
    allSources: db.prepare<[], SourceRow>(
      `SELECT edge_id, name, confidence, created_at, updated_at, gone_at, gone_session FROM edge_sources
     ORDER BY edge_id, name`,
    ),
    copySources: db.prepare<[string, string]>(
      `INSERT INTO edge_sources (edge_id, name, confidence, created_at, updated_at)
     SELECT ?, name, confidence, created_at, updated_at FROM edge_sources WHERE edge_id = ?
     ON CONFLICT (edge_id, name) DO UPDATE SET
       confidence = CASE WHEN excluded.updated_at > updated_at THEN excluded.confidence ELSE confidence END,
       created_at = min(created_at, excluded.created_at),
       updated_at = max(updated_at, excluded.updated_at)`,
    ),
    holders: db.prepare<[string, string, string], { id: string; properties: string }>(
      `SELECT e.from_id AS id, e.properties AS properties FROM edges e JOIN entities n ON n.id = e.from_id
     WHERE e.to_id = ? AND e.relation = ? AND n.type = ?
     ORDER BY n.created_at, n.id`,
    ),
    keysHeldBy: db.prepare<[string, string, string], { id: string; properties: string }>(
      `SELECT e.to_id AS id, e.properties AS properties FROM edges e JOIN entities n ON n.id = e.to_id
     WHERE e.from_id = ? AND e.relation = ? AND n.type = ?`,
    ),
    selectSourceConfidence: db
      .prepare<[string, string], number>('SELECT confidence FROM edge_sources WHERE edge_id = ? AND name = ?')
      .pluck(),
  };
}

/** Merged ids and where they point. */
function mergeStatements(db: Database.Database) {
  return {
    insertMerge: db.prepare<[string, string, number, number]>(
      'INSERT OR REPLACE INTO merges (from_id, into_id, merged_at, seq) VALUES (?, ?, ?, ?)',
    ),
    redirectMerges: db.prepare<[string, number, string]>(
      'UPDATE merges SET into_id = ?, seq = ? WHERE into_id = ?',
    ),
    allMerges: db.prepare<[], MergeRow>('SELECT from_id, into_id FROM merges'),
  };
}

/** Sequence numbers per row, for changesSince (a client catching up on missed deltas). */
function sequenceStatements(db: Database.Database) {
  return {
    stampEntity: db.prepare<[number, string]>('UPDATE entities SET seq = ? WHERE id = ?'),
    stampEdge: db.prepare<[number, string]>('UPDATE edges SET seq = ? WHERE id = ?'),
    entitiesSince: db.prepare<[number], EntityRow>(
      'SELECT id, type, content, created_at, updated_at FROM entities WHERE seq > ? ORDER BY id',
    ),
    tagsSince: db.prepare<[number], TagRow>(
      `SELECT t.entity_id, t.name, t.value, t.handler, t.created_at, t.updated_at
     FROM entity_tags t JOIN entities e ON e.id = t.entity_id WHERE e.seq > ?
     ORDER BY t.entity_id, t.name, t.value, t.handler`,
    ),
    edgesSince: db.prepare<[number], EdgeRow>(
      'SELECT id, from_id, to_id, relation, properties, created_at, updated_at FROM edges WHERE seq > ? ORDER BY id',
    ),
    sourcesSince: db.prepare<[number], SourceRow>(
      `SELECT s.edge_id, s.name, s.confidence, s.created_at, s.updated_at, s.gone_at, s.gone_session
     FROM edge_sources s JOIN edges e ON e.id = s.edge_id WHERE e.seq > ? ORDER BY s.edge_id, s.name`,
    ),
    mergesSince: db.prepare<[number], MergeRow>(
      'SELECT from_id, into_id FROM merges WHERE seq > ? ORDER BY seq, from_id',
    ),
  };
}

/** The case's own data: meta keys, canvas positions, session records, the undo log, counts. */
function caseDataStatements(db: Database.Database) {
  return {
    getMeta: db.prepare<[string], string>('SELECT value FROM meta WHERE key = ?').pluck(),
    setMeta: db.prepare<[string, string]>(
      'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    ),
    savePosition: db.prepare<[string, number, number]>(
      `INSERT INTO positions (entity_id, x, y) VALUES (?, ?, ?)
     ON CONFLICT (entity_id) DO UPDATE SET x = excluded.x, y = excluded.y`,
    ),
    movePosition: db.prepare<[string, string]>(
      'INSERT OR IGNORE INTO positions (entity_id, x, y) SELECT ?, x, y FROM positions WHERE entity_id = ?',
    ),
    deletePosition: db.prepare<[string]>('DELETE FROM positions WHERE entity_id = ?'),
    allPositions: db.prepare<[], { entity_id: string; x: number; y: number }>(
      'SELECT entity_id, x, y FROM positions',
    ),
    saveSession: db.prepare<[string, string]>(
      'INSERT INTO sessions (id, record) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET record = excluded.record',
    ),
    allSessions: db.prepare<[], string>('SELECT record FROM sessions').pluck(),
    logWrite: db.prepare<[string, number, string, string, string]>(
      'INSERT INTO write_log (session, at, kind, target, detail) VALUES (?, ?, ?, ?, ?)',
    ),
    countByType: db.prepare<[], { type: string; count: number }>(
      'SELECT type, count(*) AS count FROM entities GROUP BY type',
    ),
    countByRelation: db.prepare<[], { relation: string; count: number }>(
      'SELECT relation, count(*) AS count FROM edges GROUP BY relation',
    ),
  };
}

/** Refresh and diff (change-records.ts): what each answer stated, gone marks, change records. */
function changeStatements(db: Database.Database) {
  return {
    statedBy: db
      .prepare<[string, string, string], string>(
        'SELECT edge_id FROM statements WHERE subject = ? AND source = ? AND handler = ?',
      )
      .pluck(),
    state: db.prepare<[string, string, string, string]>(
      'INSERT INTO statements (subject, source, handler, edge_id) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
    ),
    unstate: db.prepare<[string, string, string, string]>(
      'DELETE FROM statements WHERE subject = ? AND source = ? AND handler = ? AND edge_id = ?',
    ),
    stillStated: db
      .prepare<[string, string], number>('SELECT 1 FROM statements WHERE edge_id = ? AND source = ? LIMIT 1')
      .pluck(),
    markGone: db.prepare<[number, string, string, string]>(
      `UPDATE edge_sources SET gone_at = ?, gone_session = ?
       WHERE edge_id = ? AND name = ? AND gone_at IS NULL`,
    ),
    clearGone: db.prepare<[string, string]>(
      `UPDATE edge_sources SET gone_at = NULL, gone_session = NULL
       WHERE edge_id = ? AND name = ? AND gone_at IS NOT NULL`,
    ),
    recordChange: db.prepare<
      [
        string,
        number,
        string,
        string | null,
        string | null,
        string | null,
        string | null,
        string | null,
        string | null,
      ]
    >(
      `INSERT INTO changes (session, at, change, entity, edge, field, before, after, source)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    allChanges: db.prepare<[], ChangeRow>(
      'SELECT session, at, change, entity, edge, field, before, after, source FROM changes ORDER BY id',
    ),
    deleteChanges: db.prepare<[string]>('DELETE FROM changes WHERE session = ?'),
    ungone: db.prepare<[string]>(
      'UPDATE edge_sources SET gone_at = NULL, gone_session = NULL WHERE gone_session = ?',
    ),
  };
}

export type Statements = ReturnType<typeof prepareStatements>;
