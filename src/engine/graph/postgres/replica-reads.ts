/**
 * The reads of a team case (the case contract's GraphReader and views): every one answers at once
 * from the client's local replica, the SQLite store the case's log is replayed into
 * (pg-case-store.ts), so both backends read with the same code.
 */
import type { EntityId } from '../../../shared/model/asset';
import type { RecordedChange } from '../../../shared/model/changes';
import type { Entity, GraphExport, GraphSnapshot, GraphStats, RawRecord } from '../../../shared/model/graph';
import type { ChangesSince, Positions } from '../case-graph';
import type { SqliteCaseGraph } from '../case-file';
import type { EdgeQuery, Neighbour, SessionRecord } from '../types';

export abstract class ReplicaReads {
  /** Replaced whole when the replica has to be rebuilt from the log. */
  protected abstract replica: SqliteCaseGraph;

  changesSince(seq: number): ChangesSince {
    // The replica is the SQLite store, which keeps a sequence number per row.
    return this.replica.changesSince(seq);
  }

  resolveId(id: EntityId): EntityId {
    return this.replica.resolveId(id);
  }

  findEntity(id: EntityId): Entity | undefined {
    return this.replica.findEntity(id);
  }

  outgoing(id: EntityId, query?: EdgeQuery): Neighbour[] {
    return this.replica.outgoing(id, query);
  }

  incoming(id: EntityId, query?: EdgeQuery): Neighbour[] {
    return this.replica.incoming(id, query);
  }

  isMonitoredSince(id: EntityId, source: string, handler: string, since: number): boolean {
    return this.replica.isMonitoredSince(id, source, handler, since);
  }

  snapshot(): GraphSnapshot {
    return this.replica.snapshot();
  }

  stats(): GraphStats {
    return this.replica.stats();
  }

  exportJson(): GraphExport {
    return this.replica.exportJson();
  }

  rawRecords(id: EntityId): RawRecord[] {
    return this.replica.rawRecords(id);
  }

  getMeta(key: string): string | undefined {
    return this.replica.getMeta(key);
  }

  loadPositions(): Positions {
    return this.replica.loadPositions();
  }

  listSessions(): SessionRecord[] {
    return this.replica.listSessions();
  }

  /** A team case saved as a case file: the replica, which holds every write seen so far. */
  saveCopy(target: string): void {
    this.replica.saveCopy(target);
  }

  listChanges(): RecordedChange[] {
    // The replica replays every write through the case file's write path, change records included.
    return this.replica.listChanges();
  }
}
