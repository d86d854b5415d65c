/**
 * The write half of the one write path, run inside the IMMEDIATE transaction after planning:
 * entities, tags, edges and their sources, the monitored mark, then the declared merge rules.
 */
import { createHash } from 'node:crypto';
import type { EntityId } from '../../../shared/model/asset';
import type { Entity, EntityTag } from '../../../shared/model/graph';
import { mergeFields, type Fields } from '../fields';
import { MONITORED_TAG, SOURCE_TAG } from '../case-graph';
import type { Findings, SourceReply } from '../findings';
import type { WriteOptions } from '../types';
import { planEdges, planEntities, requireEntity, type PendingEdge, type PendingEntity } from '../write-plan';
import { writeAnnotations } from './annotations';
import { changeLog, restateAnswer, type ChangeLog } from './change-records';
import { applyMergeRules } from './merge';
import { iso } from './rows';
import type { Statements } from './statements';
import { touchedNothing, type Stamp, type Touched, type WriteContext } from './write-context';

/** Validates everything, then writes; the caller runs it inside one IMMEDIATE transaction. */
export function writeFindings(
  context: WriteContext,
  findings: Findings,
  options: WriteOptions,
  stamp: Stamp,
): Touched {
  const s = context.statements;
  const sourceName = options.source.name;
  const handler = options.handler ?? '';
  const pending = planEntities(findings, context);
  const edges = planEdges(findings, options.source, pending, context);
  const monitored =
    options.markMonitored === undefined ? undefined : context.resolveId(options.markMonitored);
  if (monitored !== undefined) {
    requireEntity(monitored, pending, context, () => `cannot mark ${monitored} monitored: it does not exist`);
  }

  const touched: Touched = { entities: new Map(), edges: new Map(), merged: [] };
  const log = provenanceLog(s, options.session, stamp.now);
  const changes = changeLog(s, options.session, stamp.now);

  // One lookup for the whole write: new entities are inserted without probing the store each.
  const storedContent = new Map<string, string>();
  for (const row of s.storedContents.all(JSON.stringify([...pending.keys()]))) {
    storedContent.set(row.id, row.content);
  }
  for (const [id, entity] of pending) {
    const known = storedContent.get(id);
    if (known === undefined && insertEntity(s, id, entity, sourceName, handler, stamp, touched)) {
      log('entity', id, '');
      changes.added('entity', id, sourceName);
      log('tag', id, JSON.stringify([SOURCE_TAG, sourceName, handler]));
      continue;
    }
    const stored = known ?? s.selectEntity.get(id)?.content ?? '{}';
    const merged = JSON.stringify(mergeFields(JSON.parse(stored) as Fields, entity.replace, entity.fill));
    const newTag = upsertTag(s, id, SOURCE_TAG, sourceName, handler, stamp.now);
    log(newTag ? 'tag' : CONFIRMED_TAG, id, JSON.stringify([SOURCE_TAG, sourceName, handler]));
    if (merged !== stored) {
      log('fields', id, stored);
      changes.changed('entity', id, JSON.parse(stored) as Fields, JSON.parse(merged) as Fields, sourceName);
      s.updateEntity.run(merged, stamp.now, id);
    } else if (newTag) {
      s.touchEntity.run(stamp.now, id);
    }
    if (merged !== stored || newTag) {
      touched.entities.set(id, undefined);
    }
  }

  // The entity the handler was asked about (marked monitored) was reported on too, even when the
  // findings do not restate it (a related-organizations reply read for an LEI).
  const reported = [...pending.keys()];
  if (monitored !== undefined && !pending.has(monitored)) {
    reported.push(monitored);
  }
  linkReplies(s, findings, reported, sourceName, handler);

  const storedProperties = new Map<string, string>();
  for (const row of s.storedProperties.all(JSON.stringify(edges.map((edge) => edge.id)))) {
    storedProperties.set(row.id, row.properties);
  }
  for (const edge of edges) {
    writeEdge(s, edge, storedProperties, stamp, touched, { log, changes });
  }
  if (monitored !== undefined && handler !== '') {
    // A complete answer about `monitored`: what it no longer states is marked gone (change-records.ts).
    const stated = edges.filter((edge) => edge.source.name === sourceName).map((edge) => edge.id);
    const answer = {
      subject: monitored,
      source: sourceName,
      handler,
      edges: stated,
      session: options.session,
      now: stamp.now,
    };
    restateAnswer(s, answer, touched, changes);
  }

  if (monitored !== undefined) {
    const newTag = upsertTag(s, monitored, MONITORED_TAG, sourceName, handler, stamp.now);
    log(newTag ? 'tag' : CONFIRMED_TAG, monitored, JSON.stringify([MONITORED_TAG, sourceName, handler]));
    if (newTag) {
      s.touchEntity.run(stamp.now, monitored);
      touched.entities.set(monitored, undefined);
    }
  }

  applyMergeRules(context, edges, stamp, touched, options.session === undefined ? undefined : log);

  if (findings.annotations !== undefined && findings.annotations.length > 0) {
    const annotated = writeAnnotations(context, findings.annotations, stamp.now, options.session);
    annotated.entities.forEach((id) => touched.entities.set(id, undefined));
    annotated.edges.forEach((id) => touched.edges.set(id, undefined));
  }

  if (!touchedNothing(touched)) {
    // Updated rows are read back whole and stamped with this write's sequence number (new
    // rows carry it from their insert).
    for (const [id, entity] of touched.entities) {
      if (entity === undefined) {
        s.stampEntity.run(stamp.seq, id);
        touched.entities.set(id, context.findEntity(id));
      }
    }
    for (const [id, edge] of touched.edges) {
      if (edge === undefined) {
        s.stampEdge.run(stamp.seq, id);
        touched.edges.set(id, context.findEdge(id));
      }
    }
  }
  return touched;
}

/**
 * A reply's id (the hash of its source, address and text), computed once per reply object: a
 * large run's findings are written in slices that all carry the same replies (findings-slices.ts),
 * and hashing every page's text again for every slice was the largest part of each slice's block.
 */
const replyIds = new WeakMap<SourceReply, { source: string; id: string }>();

export function replyIdOf(reply: SourceReply, source: string): string {
  const known = replyIds.get(reply);
  if (known?.source === source) {
    return known.id;
  }
  const id = createHash('sha256').update(`${source}\0${reply.url}\0${reply.text}`).digest('hex');
  replyIds.set(reply, { source, id });
  return id;
}

/**
 * Keeps the replies the findings were read from (each text once) and links them to every entity
 * of the findings, replacing what the same source and handler linked to it before: an entity
 * shows the latest raw record per source and handler.
 */
function linkReplies(
  s: Statements,
  findings: Findings,
  entityIds: readonly EntityId[],
  source: string,
  handler: string,
): void {
  const replies = findings.replies ?? [];
  if (replies.length === 0 || entityIds.length === 0) {
    return;
  }
  const replyIds = replies.map((reply) => {
    const id = replyIdOf(reply, source);
    if (s.touchReply.run(reply.receivedAt, id).changes === 0) {
      s.insertReply.run(id, source, reply.url, reply.text, reply.receivedAt);
    }
    return id;
  });
  for (const entityId of entityIds) {
    s.unlinkReplies.run(entityId, source, handler);
    for (const replyId of replyIds) {
      s.linkReply.run(entityId, replyId, source, handler);
    }
  }
}

/**
 * Records what a session's write adds or changes (the `write_log` table, read by undo.ts):
 * `entity`/`edge` for new rows, `tag` for a new tag, `source` for a new or changed edge source
 * (with its confidence before), `confirm-tag`/`confirm-source` for one stated again, `fields`/`properties` with the before-image of changed values.
 * Writes outside a session (imports, tests) are not logged and cannot be undone by session.
 */
export type ProvenanceLog = (kind: string, target: string, detail: string) => void;

/**
 * A tag or edge source the session stated again (it existed already): undo gives nothing back for
 * it, but hands over to this session what an undone session created and this one still confirms.
 */
export const CONFIRMED_TAG = 'confirm-tag';
export const CONFIRMED_SOURCE = 'confirm-source';

function provenanceLog(s: Statements, session: string | undefined, now: number): ProvenanceLog {
  if (session === undefined) {
    return () => undefined;
  }
  return (kind, target, detail) => {
    s.logWrite.run(session, now, kind, target, detail);
  };
}

/** Inserts a new entity with its source tag and delta DTO; false when it was stored already. */
function insertEntity(
  s: Statements,
  id: EntityId,
  entity: PendingEntity,
  sourceName: string,
  handler: string,
  { now, seq }: Stamp,
  touched: Touched,
): boolean {
  const fields = mergeFields({}, entity.replace, entity.fill);
  if (s.insertEntity.run(id, entity.type, JSON.stringify(fields), now, now, seq).changes !== 1) {
    return false;
  }
  s.insertTag.run(id, SOURCE_TAG, sourceName, handler, now, now);
  const time = iso(now);
  const tag: EntityTag = { name: SOURCE_TAG, value: sourceName, createdAt: time, updatedAt: time };
  if (handler !== '') {
    tag.handler = handler;
  }
  touched.entities.set(id, {
    id,
    type: entity.type,
    asset: fields,
    tags: [tag],
    createdAt: time,
    updatedAt: time,
  } as unknown as Entity);
  return true;
}

/** Adds the tag or refreshes its time; true when it is new. */
function upsertTag(
  s: Statements,
  id: EntityId,
  name: string,
  value: string,
  handler: string,
  now: number,
): boolean {
  // Refresh first: on a known entity the tag is usually there already.
  if (s.refreshTag.run(now, id, name, value, handler).changes === 1) {
    return false;
  }
  s.insertTag.run(id, name, value, handler, now, now);
  return true;
}

/** `storedProperties`: edge id -> stored properties, kept current through the write. */
function writeEdge(
  s: Statements,
  edge: PendingEdge,
  storedProperties: Map<string, string>,
  stamp: Stamp,
  touched: Touched,
  { log, changes }: { log: ProvenanceLog; changes: ChangeLog },
): void {
  const { now, seq } = stamp;
  const known = storedProperties.get(edge.id);
  if (known === undefined) {
    const properties = JSON.stringify(edge.properties);
    if (
      s.insertEdge.run(edge.id, edge.from, edge.to, edge.relation, properties, now, now, seq).changes === 1
    ) {
      storedProperties.set(edge.id, properties);
      addEdge(s, edge, now, touched);
      log('edge', edge.id, '');
      changes.added('edge', edge.id, edge.source.name);
      log('source', edge.id, JSON.stringify({ name: edge.source.name }));
      return;
    }
  }
  const stored = known ?? s.selectEdgeProperties.get(edge.id) ?? '{}';
  const merged = JSON.stringify(mergeFields(JSON.parse(stored) as Fields, edge.properties, {}));
  if (merged !== stored) {
    log('properties', edge.id, stored);
    changes.changed(
      'edge',
      edge.id,
      JSON.parse(stored) as Fields,
      JSON.parse(merged) as Fields,
      edge.source.name,
    );
    s.updateEdge.run(merged, now, now, edge.id);
    storedProperties.set(edge.id, merged);
  } else {
    s.touchEdge.run(now, edge.id);
  }
  let changed = merged !== stored;
  // Usually the same source with the same confidence: one refresh, no read.
  if (s.refreshSameSource.run(now, edge.id, edge.source.name, edge.source.confidence).changes === 1) {
    log(CONFIRMED_SOURCE, edge.id, JSON.stringify({ name: edge.source.name }));
  } else {
    const before = s.selectSourceConfidence.get(edge.id, edge.source.name);
    log(
      'source',
      edge.id,
      JSON.stringify(before === undefined ? { name: edge.source.name } : { name: edge.source.name, before }),
    );
    s.upsertSource.run(edge.id, edge.source.name, edge.source.confidence, now, now);
    changed = true;
  }
  if (changed) {
    touched.edges.set(edge.id, undefined);
  }
}

/** The new edge's first source, and its delta DTO from the written values. */
function addEdge(s: Statements, edge: PendingEdge, now: number, touched: Touched): void {
  s.insertSource.run(edge.id, edge.source.name, edge.source.confidence, now, now);
  const time = iso(now);
  touched.edges.set(edge.id, {
    id: edge.id,
    from: edge.from,
    to: edge.to,
    relation: edge.relation,
    sources: [
      { name: edge.source.name, confidence: edge.source.confidence, createdAt: time, updatedAt: time },
    ],
    properties: { ...edge.properties },
    createdAt: time,
    updatedAt: time,
  });
}
