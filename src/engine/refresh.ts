/**
 * "Refresh the case" (docs/changes.md): ask each source again about what it already answered. The
 * entities to ask about are those a source's handler has answered for (a `last_monitored` tag):
 * a session over them at depth 0 runs their handlers, which ask again once the TTL has passed (or
 * at once when forced); what the answers no longer state is marked gone by the write path.
 */
import type { EntityId } from '../shared/model/asset';
import type { StartSessionOptions } from './engine-types';
import type { CaseGraph } from './graph/case-graph';

const MONITORED_TAG = 'last_monitored';

/** The session that refreshes the case (or only `only`'s entities): seeds, depth 0, forced or not. */
export function refreshSession(
  graph: Pick<CaseGraph, 'snapshot' | 'resolveId'>,
  options: { force: boolean; only?: readonly EntityId[] },
): StartSessionOptions {
  const wanted =
    options.only === undefined ? undefined : new Set(options.only.map((id) => graph.resolveId(id)));
  const seeds = graph
    .snapshot()
    .entities.filter((entity) => wanted === undefined || wanted.has(entity.id))
    .filter((entity) => entity.tags.some((tag) => tag.name === MONITORED_TAG))
    .map((entity) => entity.id);
  return { seeds, depth: 0, refresh: options.force, answeredOnly: true };
}
