/**
 * The cap on what one handler run may create. A hostile or broken source can answer with a reply
 * that maps to tens of thousands of entities (a 900 KB WHOIS reply made 21,695); the write path
 * would store them all in one transaction and the dispatcher would fan out from each. The engine
 * keeps the first MAX_ENTITIES_PER_RUN distinct entities in the handler's order, the edges and
 * dispatches that touch only kept (or already stored) entities, and records the rest as a failure.
 */
import { entityIdOf, type EntityId } from '../../shared/model/asset';
import type { Findings } from '../graph/findings';
import type { GraphReader } from '../graph/types';

/** Distinct entities one handler run may write (upserts of stored entities count too). */
export const MAX_ENTITIES_PER_RUN = 5000;

export interface CappedFindings {
  findings: Findings;
  /** Distinct entities the handler returned, when that was over the cap (else undefined). */
  dropped?: { returned: number; kept: number };
}

export function capFindings(
  findings: Findings,
  graph: GraphReader,
  cap = MAX_ENTITIES_PER_RUN,
): CappedFindings {
  if (findings.entities.length <= cap) {
    // The common case costs nothing: fewer items than the cap cannot be more distinct entities.
    return { findings };
  }
  const kept = new Set<EntityId>();
  const entities: Findings['entities'] = [];
  let returned = 0;
  const all = new Set<EntityId>();
  for (const item of findings.entities) {
    const id = entityIdOf(item.type, item.asset as never);
    if (!all.has(id)) {
      all.add(id);
      returned += 1;
    }
    if (kept.has(id) || kept.size < cap) {
      kept.add(id);
      entities.push(item);
    }
  }
  if (returned <= cap) {
    return { findings };
  }
  // An id the handler named but did not return (the event's entity, a stored neighbour) is fine
  // when the graph holds it; one of the dropped entities is not.
  // Each stored id is read once: thousands of edges of one reply share the entity they start
  // from, and reading it (an AutnumRecord holds the whole reply) per edge made the cap quadratic.
  const stored = new Map<EntityId, boolean>();
  const isStored = (id: EntityId): boolean => {
    let held = stored.get(id);
    if (held === undefined) {
      held = graph.findEntity(id) !== undefined;
      stored.set(id, held);
    }
    return held;
  };
  const usable = (id: EntityId): boolean => kept.has(id) || (!all.has(id) && isStored(id));
  return {
    findings: {
      entities,
      edges: findings.edges.filter((edge) => usable(edge.from) && usable(edge.to)),
      dispatch: findings.dispatch.filter(usable),
      ...(findings.replies === undefined ? {} : { replies: findings.replies }),
    },
    dropped: { returned, kept: kept.size },
  };
}
