/**
 * The case contract seen the way the contract suite checks it: every call answers with a promise,
 * and every read first waits until the backend settled (a team case fetched every commit so far).
 * So one suite runs unchanged against a case file and against a team case whose reads come from a
 * replica. Test-only: product code speaks to CaseGraph directly.
 */
import type { EntityId } from '../../src/shared/model/asset';
import type {
  Entity,
  GraphDelta,
  GraphExport,
  GraphSnapshot,
  GraphStats,
} from '../../src/shared/model/graph';
import type { CaseGraph, ChangesSince, Positions } from '../../src/engine/graph/case-graph';
import type { Findings } from '../../src/engine/graph/findings';
import type { EdgeQuery, Neighbour, SessionRecord, WriteOptions } from '../../src/engine/graph/types';

/** Every method may reject; a rejected write has written nothing. */
export interface AsyncCaseGraph {
  apply(findings: Findings, options: WriteOptions): Promise<GraphDelta>;
  onDelta(listener: (delta: GraphDelta) => void): () => void;
  currentSeq(): Promise<number>;
  changesSince(seq: number): Promise<ChangesSince>;
  resolveId(id: EntityId): Promise<EntityId>;
  findEntity(id: EntityId): Promise<Entity | undefined>;
  outgoing(id: EntityId, query?: EdgeQuery): Promise<Neighbour[]>;
  incoming(id: EntityId, query?: EdgeQuery): Promise<Neighbour[]>;
  isMonitoredSince(id: EntityId, source: string, handler: string, since: number): Promise<boolean>;
  snapshot(): Promise<GraphSnapshot>;
  stats(): Promise<GraphStats>;
  exportJson(): Promise<GraphExport>;
  getMeta(key: string): Promise<string | undefined>;
  setMeta(key: string, value: string): Promise<void>;
  savePositions(positions: Positions): Promise<void>;
  loadPositions(): Promise<Positions>;
  saveSession(record: SessionRecord): Promise<void>;
  listSessions(): Promise<SessionRecord[]>;
  listChanges(): Promise<ReturnType<CaseGraph['listChanges']>>;
  close(): Promise<void>;
}

export function asyncCaseGraph(graph: CaseGraph): AsyncCaseGraph {
  const read = async <T>(call: () => T): Promise<T> => {
    await graph.settle();
    return call();
  };
  const record = async (call: () => void): Promise<void> => {
    call();
    await graph.settle();
  };
  return {
    apply: (findings, options) => graph.apply(findings, options),
    onDelta: (listener) => graph.onDelta(listener),
    currentSeq: () => read(() => graph.currentSeq()),
    changesSince: (seq) => read(() => graph.changesSince(seq)),
    resolveId: (id) => read(() => graph.resolveId(id)),
    findEntity: (id) => read(() => graph.findEntity(id)),
    outgoing: (id, query) => read(() => graph.outgoing(id, query)),
    incoming: (id, query) => read(() => graph.incoming(id, query)),
    isMonitoredSince: (id, source, handler, since) =>
      read(() => graph.isMonitoredSince(id, source, handler, since)),
    snapshot: () => read(() => graph.snapshot()),
    stats: () => read(() => graph.stats()),
    exportJson: () => read(() => graph.exportJson()),
    getMeta: (key) => read(() => graph.getMeta(key)),
    setMeta: (key, value) => record(() => graph.setMeta(key, value)),
    savePositions: (positions) => record(() => graph.savePositions(positions)),
    loadPositions: () => read(() => graph.loadPositions()),
    saveSession: (session) => record(() => graph.saveSession(session)),
    listSessions: () => read(() => graph.listSessions()),
    listChanges: () => read(() => graph.listChanges()),
    close: () => graph.close(),
  };
}
