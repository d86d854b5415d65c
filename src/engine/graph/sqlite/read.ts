/** Reads of the SQLite backend: single entities and edges, neighbours, whole-graph views, changes since. */
import type Database from 'better-sqlite3';
import { isAssetType, type EdgeId, type EntityId } from '../../../shared/model/asset';
import type { Annotated } from '../../../shared/model/annotation';
import type {
  Edge,
  Entity,
  ExportedAnnotations,
  GraphExport,
  GraphSnapshot,
  GraphStats,
} from '../../../shared/model/graph';
import type { ChangesSince } from '../case-graph';
import type { EdgeQuery, Neighbour } from '../types';
import { edgeOf, entityOf, groupBy, sourceOf, tagOf, type EdgeFilter, type EdgeRow } from './rows';
import { annotationsByTarget, annotationsOf, withAnnotations } from './annotations';
import type { Statements } from './statements';

export function findEntity(s: Statements, id: EntityId): Entity | undefined {
  const row = s.selectEntity.get(id);
  return row === undefined
    ? undefined
    : withAnnotations(entityOf(row, s.selectTags.all(id).map(tagOf)), annotationsOf(s, id));
}

export function findEdge(s: Statements, id: EdgeId): Edge | undefined {
  const row = s.selectEdge.get(id);
  return row === undefined ? undefined : edgeWithSources(s, row);
}

function edgeWithSources(s: Statements, row: EdgeRow): Edge {
  return withAnnotations(edgeOf(row, s.selectSources.all(row.id).map(sourceOf)), annotationsOf(s, row.id));
}

export function neighbours(
  s: Statements,
  id: EntityId,
  query: EdgeQuery,
  direction: 'outgoing' | 'incoming',
): Neighbour[] {
  const filter: EdgeFilter = {
    id,
    relations:
      query.relations === undefined
        ? null
        : JSON.stringify(query.relations.map((relation) => relation.toLowerCase())),
    source: query.source ?? null,
    since: query.since ?? null,
  };
  const rows = direction === 'outgoing' ? s.outgoing.all(filter) : s.incoming.all(filter);
  const other = direction === 'outgoing' ? 'to_id' : 'from_id';
  const result: Neighbour[] = [];
  for (const row of rows) {
    const entity = findEntity(s, row[other]);
    if (entity !== undefined) {
      result.push({ edge: edgeWithSources(s, row), entity });
    }
  }
  return result;
}

/** The whole graph in one read transaction, so entities and edges agree. */
export function snapshotOf(db: Database.Database, s: Statements, seq: () => number): GraphSnapshot {
  const read = db.transaction(() => {
    const tags = groupBy(s.allTags.all(), (row) => row.entity_id);
    const sources = groupBy(s.allSources.all(), (row) => row.edge_id);
    const notes = annotationsByTarget(s);
    return {
      seq: seq(),
      entities: s.allEntities
        .all()
        .map((row) => withAnnotations(entityOf(row, (tags.get(row.id) ?? []).map(tagOf)), notes.get(row.id))),
      edges: s.allEdges
        .all()
        .map((row) =>
          withAnnotations(edgeOf(row, (sources.get(row.id) ?? []).map(sourceOf)), notes.get(row.id)),
        ),
    };
  });
  return read.deferred();
}

/** Rows stamped after `since`, read in one transaction with the sequence number they reach. */
export function changesSinceOf(
  db: Database.Database,
  s: Statements,
  since: number,
  seq: () => number,
): ChangesSince {
  const read = db.transaction(() => {
    const tags = groupBy(s.tagsSince.all(since), (row) => row.entity_id);
    const sources = groupBy(s.sourcesSince.all(since), (row) => row.edge_id);
    const notes = (id: string) => annotationsOf(s, id);
    return {
      seq: seq(),
      entities: s.entitiesSince
        .all(since)
        .map((row) => withAnnotations(entityOf(row, (tags.get(row.id) ?? []).map(tagOf)), notes(row.id))),
      edges: s.edgesSince
        .all(since)
        .map((row) => withAnnotations(edgeOf(row, (sources.get(row.id) ?? []).map(sourceOf)), notes(row.id))),
      merged: s.mergesSince.all(since).map((row) => ({ from: row.from_id, into: row.into_id })),
    };
  });
  return read.deferred();
}

export function statsOf(s: Statements): GraphStats {
  const entitiesByType: GraphStats['entitiesByType'] = {};
  let entities = 0;
  for (const row of s.countByType.all()) {
    if (isAssetType(row.type)) {
      entitiesByType[row.type] = row.count;
    }
    entities += row.count;
  }
  const edgesByRelation: GraphStats['edgesByRelation'] = {};
  let edges = 0;
  for (const row of s.countByRelation.all()) {
    edgesByRelation[row.relation] = row.count;
    edges += row.count;
  }
  return { entities, edges, entitiesByType, edgesByRelation };
}

/**
 * The JSON export format: the snapshot without entity times (tags carry theirs); edges and each
 * of their sources keep first seen / last confirmed (`createdAt` / `updatedAt`).
 */
export function exportOf(snapshot: GraphSnapshot): GraphExport {
  return {
    entities: snapshot.entities.map((entity) => ({
      id: entity.id,
      type: entity.type,
      asset: entity.asset,
      tags: entity.tags,
      ...exportedAnnotations(entity),
    })),
    edges: snapshot.edges.map((edge) => ({
      id: edge.id,
      from: edge.from,
      to: edge.to,
      relation: edge.relation,
      sources: edge.sources.map((source) => ({
        name: source.name,
        confidence: source.confidence,
        createdAt: source.createdAt,
        updatedAt: source.updatedAt,
      })),
      properties: edge.properties,
      createdAt: edge.createdAt,
      updatedAt: edge.updatedAt,
      ...exportedAnnotations(edge),
    })),
  };
}

/** `notes` and `flag` (with who set it and when) as the export writes them; nothing when none. */
export function exportedAnnotations(item: Annotated): ExportedAnnotations {
  const exported: ExportedAnnotations = {};
  if (item.notes !== undefined && item.notes.length > 0) {
    exported.notes = item.notes.map(({ text, author, createdAt }) => ({ text, author, createdAt }));
  }
  if (item.flag !== undefined) {
    exported.flag = item.flag.name;
    exported.flaggedBy = item.flag.author;
    exported.flaggedAt = item.flag.createdAt;
  }
  return exported;
}
