/** Reads of the SQLite backend: single entities and edges, neighbours, whole-graph views, changes since. */
import type Database from 'better-sqlite3';
import { isAssetType, type EdgeId, type EntityId } from '../../../shared/model/asset';
import type { Edge, Entity, GraphExport, GraphSnapshot, GraphStats } from '../../../shared/model/graph';
import type { ChangesSince } from '../case-graph';
import type { EdgeQuery, Neighbour } from '../types';
import { edgeOf, entityOf, groupBy, sourceOf, tagOf, type EdgeFilter, type EdgeRow } from './rows';
import type { Statements } from './statements';

export function findEntity(s: Statements, id: EntityId): Entity | undefined {
  const row = s.selectEntity.get(id);
  return row === undefined ? undefined : entityOf(row, s.selectTags.all(id).map(tagOf));
}

export function findEdge(s: Statements, id: EdgeId): Edge | undefined {
  const row = s.selectEdge.get(id);
  return row === undefined ? undefined : edgeWithSources(s, row);
}

function edgeWithSources(s: Statements, row: EdgeRow): Edge {
  return edgeOf(row, s.selectSources.all(row.id).map(sourceOf));
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
    return {
      seq: seq(),
      entities: s.allEntities.all().map((row) => entityOf(row, (tags.get(row.id) ?? []).map(tagOf))),
      edges: s.allEdges.all().map((row) => edgeOf(row, (sources.get(row.id) ?? []).map(sourceOf))),
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
    return {
      seq: seq(),
      entities: s.entitiesSince.all(since).map((row) => entityOf(row, (tags.get(row.id) ?? []).map(tagOf))),
      edges: s.edgesSince.all(since).map((row) => edgeOf(row, (sources.get(row.id) ?? []).map(sourceOf))),
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
    })),
  };
}
