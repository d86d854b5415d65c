/** Rows of the case-file tables and their mapping to the shared graph DTOs. */
import type { Edge, EdgeSource, Entity, EntityTag } from '../../../shared/model/graph';
import type { Fields } from '../fields';
import type { EdgeProperties } from '../findings';

export interface EntityRow {
  id: string;
  type: string;
  content: string;
  created_at: number;
  updated_at: number;
}

export interface TagRow {
  entity_id: string;
  name: string;
  value: string;
  handler: string;
  created_at: number;
  updated_at: number;
}

export interface EdgeRow {
  id: string;
  from_id: string;
  to_id: string;
  relation: string;
  properties: string;
  created_at: number;
  updated_at: number;
}

export interface SourceRow {
  edge_id: string;
  name: string;
  confidence: number;
  created_at: number;
  updated_at: number;
  /** Set when a refresh found the source no longer states the edge (schema 5). */
  gone_at?: number | null;
  gone_session?: string | null;
}

export interface ChangeRow {
  session: string;
  at: number;
  change: string;
  entity: string | null;
  edge: string | null;
  field: string | null;
  before: string | null;
  after: string | null;
  source: string | null;
}

export interface MergeRow {
  from_id: string;
  into_id: string;
}

/** Parameters of the outgoing/incoming edge queries. */
export interface EdgeFilter {
  id: string;
  relations: string | null;
  source: string | null;
  since: number | null;
}

let lastIsoMs = Number.NaN;
let lastIso = '';

/** ISO time of `ms`; a write stamps every new row with the same time, so the last one is kept. */
export function iso(ms: number): string {
  if (ms !== lastIsoMs) {
    lastIso = new Date(ms).toISOString();
    lastIsoMs = ms;
  }
  return lastIso;
}

export function tagOf(
  row: Pick<TagRow, 'name' | 'value' | 'handler' | 'created_at' | 'updated_at'>,
): EntityTag {
  const tag: EntityTag = {
    name: row.name,
    value: row.value,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
  if (row.handler !== '') {
    tag.handler = row.handler;
  }
  return tag;
}

export function entityOf(row: EntityRow, tags: EntityTag[]): Entity {
  return {
    id: row.id,
    type: row.type,
    asset: JSON.parse(row.content) as Fields,
    tags,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  } as unknown as Entity;
}

export function sourceOf(row: SourceRow): EdgeSource {
  const source: EdgeSource = {
    name: row.name,
    confidence: row.confidence,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
  if (row.gone_at !== undefined && row.gone_at !== null) {
    source.goneAt = new Date(row.gone_at).toISOString();
    if (row.gone_session !== undefined && row.gone_session !== null && row.gone_session !== '') {
      source.goneSession = row.gone_session;
    }
  }
  return source;
}

export function edgeOf(row: EdgeRow, sources: EdgeSource[]): Edge {
  return {
    id: row.id,
    from: row.from_id,
    to: row.to_id,
    relation: row.relation,
    sources,
    properties: JSON.parse(row.properties) as EdgeProperties,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function groupBy<T, K>(rows: T[], keyOf: (row: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const group = groups.get(key);
    if (group === undefined) {
      groups.set(key, [row]);
    } else {
      group.push(row);
    }
  }
  return groups;
}
