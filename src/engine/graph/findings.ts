/**
 * Findings: what a handler asks the engine to write and dispatch. The engine validates them
 * against the OAM taxonomy and applies them in one transaction (the one write path).
 */
import {
  entityIdOf,
  type AssetOf,
  type AssetType,
  type EntityId,
  type TypedAsset,
} from '../../shared/model/asset';
import type { FlagName } from '../../shared/model/annotation';
import type { SourceRef } from '../../shared/model/graph';

export type EdgeProperties = Record<string, string | number | boolean>;

export interface EdgeFinding {
  from: EntityId;
  relation: string;
  to: EntityId;
  properties?: EdgeProperties;
  /** Defaults to the handler's plugin source. */
  source?: SourceRef;
}

/**
 * A source's reply as received: the raw record behind the entities of the same findings, kept
 * with the case and linked to each of them (one set per entity, source and handler: the latest).
 */
export interface SourceReply {
  /** Where it came from, secrets redacted (an https or whois URL). */
  url: string;
  text: string;
  /** ms since epoch. */
  receivedAt: number;
}

export interface Findings {
  /** Assets to upsert. Fields merge: defined new values replace, absent ones keep the old. */
  entities: TypedAsset[];
  edges: EdgeFinding[];
  /** Entities to dispatch as new events (subject to per-session dedupe and the depth limit). */
  dispatch: EntityId[];
  /** The replies these findings were read from (the engine adds them; handlers need not). */
  replies?: SourceReply[];
  /** The investigator's notes and flags (docs/notes-and-flags.md); handlers never write them. */
  annotations?: AnnotationFinding[];
}

/**
 * A note added to, or the flag set on, an entity or an edge (by its id as the JSON export writes
 * it). The write fails, writing nothing, when no entity or edge has that id.
 */
export interface AnnotationFinding {
  target: string;
  note?: string;
  flag?: FlagName;
  author: string;
}

export function emptyFindings(): Findings {
  return { entities: [], edges: [], dispatch: [] };
}

/** Builds Findings step by step; each method returns the entity id to link with. */
export class FindingsBuilder {
  readonly findings: Findings = emptyFindings();
  /** Ids already in `findings.dispatch`, so that adding one costs the same for the 10th and the 10,000th. */
  private readonly dispatched = new Set<EntityId>();
  /** The first asset added under each id. */
  private readonly added = new Map<EntityId, TypedAsset>();

  /** Adds an asset to upsert and returns its deterministic id. */
  entity<T extends AssetType>(type: T, asset: AssetOf<T>): EntityId {
    const item = { type, asset } as TypedAsset;
    this.findings.entities.push(item);
    const id = entityIdOf(type, asset);
    if (!this.added.has(id)) {
      this.added.set(id, item);
    }
    return id;
  }

  /** The first asset added under `id` in these findings, if any (an index, not a scan). */
  addedEntity(id: EntityId): TypedAsset | undefined {
    return this.added.get(id);
  }

  edge(from: EntityId, relation: string, to: EntityId, properties?: EdgeProperties): this {
    this.findings.edges.push(
      properties === undefined ? { from, relation, to } : { from, relation, to, properties },
    );
    return this;
  }

  dispatch(...ids: EntityId[]): this {
    for (const id of ids) {
      if (!this.dispatched.has(id)) {
        this.dispatched.add(id);
        this.findings.dispatch.push(id);
      }
    }
    return this;
  }

  /** Appends another handler step's findings. */
  merge(other: Findings): this {
    for (const item of other.entities) {
      this.findings.entities.push(item);
      const id = entityIdOf(item.type, item.asset as never);
      if (!this.added.has(id)) {
        this.added.set(id, item);
      }
    }
    this.findings.edges.push(...other.edges);
    this.dispatch(...other.dispatch);
    return this;
  }

  build(): Findings {
    return this.findings;
  }
}
