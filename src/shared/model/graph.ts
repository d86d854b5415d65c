/**
 * Graph DTOs shared by the engine, the hosts, the renderer and the JSON export: entities, edges,
 * tags, provenance, and the deltas that stream the graph as it grows.
 */
import type { Annotated, FlagName, Note } from './annotation';
import type { AssetType, EdgeId, EntityId, TypedAsset } from './asset';

/** Who said a fact and how sure it is (OAM SourceProperty). */
export interface SourceRef {
  /** Source short name: `GLEIF`, `CompanyData`, `RDAP`, `WHOIS`. */
  name: string;
  /** Integer confidence, 0-100. */
  confidence: number;
}

/**
 * A property attached to an entity. `last_monitored` tags have the source name as value and the
 * handler that queried as `handler`.
 */
export interface EntityTag {
  name: string;
  value: string;
  handler?: string;
  /** ISO 8601 timestamps: first and last time the tag was written. */
  createdAt: string;
  updatedAt: string;
}

export type Entity = TypedAsset &
  Annotated & {
    id: EntityId;
    tags: EntityTag[];
    createdAt: string;
    updatedAt: string;
  };

/** One source's attribution on an edge, with the time it was last confirmed. */
export interface EdgeSource extends SourceRef {
  createdAt: string;
  updatedAt: string;
  /**
   * Set when a later answer of this source no longer stated the edge (a refresh found it gone):
   * when (ISO 8601) and in which run. Nothing is deleted; the source states it again to clear it.
   */
  goneAt?: string;
  goneSession?: string;
}

export interface Edge extends Annotated {
  id: EdgeId;
  from: EntityId;
  to: EntityId;
  relation: string;
  sources: EdgeSource[];
  /** Free-form edge properties, e.g. the LEI match `score` and `match_type`. */
  properties: Record<string, string | number | boolean>;
  createdAt: string;
  updatedAt: string;
}

/**
 * What one write changed. Entities and edges are sent whole (added or updated); `merged` lists
 * entities folded into another one (the `from` id no longer exists).
 */
export interface GraphDelta {
  /** Monotonic per case file; a gap tells a listener to fetch a snapshot. */
  seq: number;
  entities: Entity[];
  edges: Edge[];
  merged: { from: EntityId; into: EntityId }[];
}

export interface GraphSnapshot {
  seq: number;
  entities: Entity[];
  edges: Edge[];
}

/**
 * The JSON export format (CLI `export`, UI export). Documented in the README. Times are ISO 8601:
 * on an edge and on each of its sources, `createdAt` is when it was first seen and `updatedAt`
 * when it was last confirmed (the same names the tags use).
 */
export interface GraphExport {
  entities: ({
    id: EntityId;
    type: AssetType;
    asset: TypedAsset['asset'];
    tags: EntityTag[];
  } & ExportedAnnotations)[];
  edges: (ExportedAnnotations & {
    id: EdgeId;
    from: EntityId;
    to: EntityId;
    relation: string;
    sources: EdgeSource[];
    properties: Record<string, string | number | boolean>;
    createdAt: string;
    updatedAt: string;
  })[];
}

/**
 * Notes and flag as the exports write them (docs/notes-and-flags.md): `"notes": [{ "text",
 * "author", "createdAt" }]` and `"flag": "<name>"` with who set it and when; absent when none.
 */
export interface ExportedAnnotations {
  notes?: Note[];
  flag?: Exclude<FlagName, 'none'>;
  flaggedBy?: string;
  flaggedAt?: string;
}

/**
 * A source's raw record behind an entity (the details panel): a reply as received from the
 * source, linked to every entity the handler run produced from it. Secrets are scrubbed.
 */
export interface RawRecord {
  source: string;
  handler: string;
  /** Where it came from (an https or whois URL, credentials redacted). */
  url: string;
  /** ISO 8601. */
  receivedAt: string;
  text: string;
}

/** Counts of a graph by asset type and relation. */
export interface GraphStats {
  entities: number;
  edges: number;
  entitiesByType: Partial<Record<AssetType, number>>;
  edgesByRelation: Record<string, number>;
}
