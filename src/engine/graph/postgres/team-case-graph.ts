/**
 * A team case as the engine's open-case graph: reads from the local replica (synchronous, as the
 * engine's TTL lookups need; current within one notification of any member's commit), writes
 * through PostgreSQL (answered after their commit). Writes the engine does not wait for
 * (positions, metadata, session records) are queued in order and their failures logged.
 */
import type { Logger } from '../../util/logger';
import type { PostgresCaseStore } from './pg-case-store';

export function teamCaseGraph(store: PostgresCaseStore, logger: Logger) {
  const logged = (what: string) => (error: unknown) => {
    logger.warn(`team case: could not save ${what}`, {
      error: error instanceof Error ? error.message : String(error),
    });
  };
  return {
    findEntity: (...args: Parameters<PostgresCaseStore['reader']['findEntity']>) =>
      store.reader.findEntity(...args),
    outgoing: (...args: Parameters<PostgresCaseStore['reader']['outgoing']>) =>
      store.reader.outgoing(...args),
    incoming: (...args: Parameters<PostgresCaseStore['reader']['incoming']>) =>
      store.reader.incoming(...args),
    isMonitoredSince: (...args: Parameters<PostgresCaseStore['reader']['isMonitoredSince']>) =>
      store.reader.isMonitoredSince(...args),
    resolveId: (...args: Parameters<PostgresCaseStore['reader']['resolveId']>) =>
      store.reader.resolveId(...args),
    snapshot: () => store.reader.snapshot(),
    stats: () => store.reader.stats(),
    exportJson: () => store.reader.exportJson(),
    rawRecords: (id: string) => store.reader.rawRecords(id),
    getMeta: (key: string) => store.reader.getMeta(key),
    loadPositions: () => store.reader.loadPositions(),
    listSessions: () => store.reader.listSessions(),
    listChanges: () => store.reader.listChanges(),
    apply: (...args: Parameters<PostgresCaseStore['apply']>) => store.apply(...args),
    onDelta: (...args: Parameters<PostgresCaseStore['onDelta']>) => store.onDelta(...args),
    setMeta: (key: string, value: string): void => {
      store.setMeta(key, value).catch(logged(`case data ${key}`));
    },
    savePositions: (...args: Parameters<PostgresCaseStore['savePositions']>): void => {
      store.savePositions(...args).catch(logged('node positions'));
    },
    saveSession: (...args: Parameters<PostgresCaseStore['saveSession']>): void => {
      store.saveSession(...args).catch(logged('the session record'));
    },
    // A team case saved as a case file: the replica, which holds every write seen so far.
    saveCopy: (target: string): void => store.reader.saveCopy(target),
    close: () => store.close(),
  };
}
