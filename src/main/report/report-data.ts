/**
 * What an evidence report holds, read from one case (a case file or a team case's replica): the
 * case's record of runs, its graph, node positions, the raw source replies behind the entities
 * (each with the SHA-256 of the text the case keeps) and the changes since a chosen run. Pure data:
 * report-html.ts turns it into the document.
 */
import { createHash } from 'node:crypto';
import type { EntityId } from '../../shared/model/asset';
import type { CaseChange } from '../../shared/model/changes';
import type { Edge, Entity, GraphSnapshot, RawRecord } from '../../shared/model/graph';
import type { SessionRecord } from '../../engine/index';

type Positions = Record<EntityId, { x: number; y: number }>;

/** The reads a report needs; the case file's store and a team case's graph both offer them. */
export interface ReportSource {
  snapshot(): GraphSnapshot;
  listSessions(): SessionRecord[];
  loadPositions(): Positions;
  rawRecords(id: EntityId): RawRecord[];
  getMeta(key: string): string | undefined;
}

/** An investigator's note or flag on an entity (kept by the case once the case offers them). */
export interface ReportNote {
  entity?: EntityId;
  text: string;
  author?: string;
  at?: string;
}

export interface ReportFlag {
  entity: EntityId;
  flag: string;
  at?: string;
}

/** One raw reply as the report shows it; `sha256` is of the text as the case keeps it. */
export interface ReportReply {
  sha256: string;
  source: string;
  handlers: string[];
  url: string;
  receivedAt: string;
  /** The text with secrets masked (equal to the kept text unless `scrubbed`). */
  text: string;
  scrubbed: boolean;
  entities: EntityId[];
}

export interface ReportData {
  title: string;
  /** The case file's path or the team case's address (never with a password). */
  location: string;
  generatedAt: string;
  /** Undefined for the whole case; the number of entities selected otherwise. */
  selection?: { entities: number };
  /** Undefined when the case keeps no notes or flags at all (then the section says so). */
  notes?: { notes: ReportNote[]; flags: ReportFlag[] };
  sessions: SessionRecord[];
  entities: Entity[];
  edges: Edge[];
  positions: Positions;
  /** The changes since `since` (a run id); undefined when the case keeps no change records. */
  changes?: { since?: SessionRecord; list: CaseChange[] };
  replies: ReportReply[];
}

export interface CollectOptions {
  location: string;
  now?: Date;
  /** Only these entities (and the edges between them, and their replies): "report on the selection". */
  only?: readonly EntityId[];
  /** Values that must never appear in the report (configured API keys, passwords). */
  secrets?: readonly string[];
  /** Masks every secret in a text; the engine's scrubber. */
  scrub?: (text: string, secrets: readonly string[]) => string;
  notes?: ReportData['notes'];
  changes?: ReportData['changes'];
}

export function collectReport(source: ReportSource, options: CollectOptions): ReportData {
  const snapshot = source.snapshot();
  const only = options.only === undefined ? undefined : new Set(options.only);
  const entities = only === undefined ? snapshot.entities : snapshot.entities.filter((e) => only.has(e.id));
  const kept = new Set(entities.map((entity) => entity.id));
  const edges = snapshot.edges.filter((edge) => kept.has(edge.from) && kept.has(edge.to));
  const positions: Positions = {};
  for (const [id, position] of Object.entries(source.loadPositions())) {
    if (kept.has(id)) {
      positions[id] = position;
    }
  }
  const report: ReportData = {
    title: source.getMeta('name') ?? titleOfLocation(options.location),
    location: options.location,
    generatedAt: (options.now ?? new Date()).toISOString(),
    sessions: source.listSessions(),
    entities,
    edges,
    positions,
    replies: repliesOf(source, entities, options),
  };
  if (only !== undefined) report.selection = { entities: entities.length };
  report.notes =
    options.notes === undefined ? notesOfGraph(entities, edges) : filterNotes(options.notes, only);
  if (options.changes !== undefined) report.changes = filterChanges(options.changes, snapshot.edges, only);
  return report;
}

function titleOfLocation(location: string): string {
  const hash = location.indexOf('#');
  if (hash >= 0) {
    return location.slice(hash + 1);
  }
  const base = location.split(/[\\/]/).pop() ?? location;
  return base.replace(/\.sqlite$/i, '');
}

/** Every reply linked to a reported entity, once, with the entities it stands behind. */
function repliesOf(
  source: ReportSource,
  entities: readonly Entity[],
  options: CollectOptions,
): ReportReply[] {
  const secrets = (options.secrets ?? []).filter((secret) => secret.length > 0);
  const byKey = new Map<string, ReportReply>();
  for (const entity of entities) {
    for (const record of source.rawRecords(entity.id)) {
      const key = `${record.source}\0${record.url}\0${record.receivedAt}\0${record.text}`;
      let reply = byKey.get(key);
      if (reply === undefined) {
        const shown = options.scrub === undefined ? record.text : options.scrub(record.text, secrets);
        const url = options.scrub === undefined ? record.url : options.scrub(record.url, secrets);
        reply = {
          sha256: createHash('sha256').update(record.text, 'utf8').digest('hex'),
          source: record.source,
          handlers: [],
          url,
          receivedAt: record.receivedAt,
          text: shown,
          scrubbed: shown !== record.text,
          entities: [],
        };
        byKey.set(key, reply);
      }
      if (!reply.handlers.includes(record.handler)) reply.handlers.push(record.handler);
      if (!reply.entities.includes(entity.id)) reply.entities.push(entity.id);
    }
  }
  return [...byKey.values()].sort(
    (a, b) =>
      a.source.localeCompare(b.source) ||
      a.receivedAt.localeCompare(b.receivedAt) ||
      a.url.localeCompare(b.url),
  );
}

/**
 * The investigator's notes and flags as the case keeps them on its entities and edges (an edge's
 * are listed under the edge's id), oldest note first; only what the report covers.
 */
export function notesOfGraph(
  entities: readonly Entity[],
  edges: readonly Edge[],
): NonNullable<ReportData['notes']> {
  const notes: ReportNote[] = [];
  const flags: ReportFlag[] = [];
  for (const item of [...entities, ...edges]) {
    for (const note of item.notes ?? []) {
      notes.push({ entity: item.id, text: note.text, author: note.author, at: note.createdAt });
    }
    if (item.flag !== undefined) {
      flags.push({ entity: item.id, flag: item.flag.name, at: item.flag.createdAt });
    }
  }
  notes.sort((a, b) => (a.at ?? '').localeCompare(b.at ?? ''));
  return { notes, flags };
}

function filterNotes(
  notes: NonNullable<ReportData['notes']>,
  only: Set<EntityId> | undefined,
): NonNullable<ReportData['notes']> {
  if (only === undefined) return notes;
  return {
    notes: notes.notes.filter((note) => note.entity === undefined || only.has(note.entity)),
    flags: notes.flags.filter((flag) => only.has(flag.entity)),
  };
}

function filterChanges(
  changes: NonNullable<ReportData['changes']>,
  edges: readonly Edge[],
  only: Set<EntityId> | undefined,
): NonNullable<ReportData['changes']> {
  if (only === undefined) return changes;
  const ends = new Map(edges.map((edge) => [edge.id, [edge.from, edge.to]]));
  const touches = (change: CaseChange): boolean => {
    if (change.entity !== undefined) return only.has(change.entity);
    const [from, to] = ends.get(change.edge ?? '') ?? [];
    return only.has(from ?? '') || only.has(to ?? '');
  };
  return { ...changes, list: changes.list.filter(touches) };
}
