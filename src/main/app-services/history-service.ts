/**
 * The provenance channels of the app (issue 14 parts 3-4): the sessions recorded in a case, taking
 * one back ("Remove the results of this run"), and the investigator's manual merge. They reuse the
 * case store's own undo and merge (docs/resolution.md); this file adds what a live app needs: a run
 * still going is not undone, pending deltas go out first, and every window showing the case hears
 * `graph:reset` (an undo's removals are not in a delta) so its canvas drops what was removed.
 */
import type { CaseSessionEntry, InvokeMap } from '../../shared/ipc/contract';
import { mergeNeedsConfirmation } from '../../engine/index';
import type { AppEventListener, CaseResolvers } from './case-resolvers';
import { ServiceError } from './service-error';
import type { SessionTracker } from './session-tracker';

type HistoryChannel = 'history:list-sessions' | 'history:undo-session' | 'graph:merge-entities';

export type HistoryHandlers = {
  [C in HistoryChannel]: (request: InvokeMap[C]['req']) => Promise<InvokeMap[C]['res']>;
};

export interface HistoryServiceOptions {
  /** The session list reads the case; undo and merge are writes (refused on a read-only team case). */
  cases: CaseResolvers;
  sessions: SessionTracker;
  emit: AppEventListener;
}

export function createHistoryHandlers(options: HistoryServiceOptions): HistoryHandlers {
  const { cases, sessions, emit } = options;
  const isRunning = (caseId: string, sessionId: string): boolean =>
    sessions.progressOf(caseId).some((progress) => progress.sessionId === sessionId);

  return {
    'history:list-sessions': async ({ caseId }) => {
      const handle = await cases.caseOf(caseId);
      return handle.open.graph.listSessions().map((record): CaseSessionEntry => {
        const entry: CaseSessionEntry = {
          id: record.id,
          startedAt: record.startedAt,
          seeds: record.seeds,
          depth: record.depth,
          running: isRunning(caseId, record.id),
        };
        if (record.finishedAt !== undefined) {
          entry.finishedAt = record.finishedAt;
        }
        if (record.action !== undefined) {
          entry.action = record.action;
        }
        if (record.summary !== undefined) {
          const { done, failed, cacheHits } = record.summary;
          entry.counts = { done, failed, cacheHits };
        }
        return entry;
      });
    },

    'history:undo-session': async ({ caseId, sessionId }) => {
      const handle = await cases.writableCase(caseId);
      const graph = handle.open.graph;
      if (isRunning(caseId, sessionId)) {
        // Its handlers would keep writing after the undo: the results would come back piecemeal.
        throw new ServiceError('conflict', 'this run is still going: cancel it or let it finish first');
      }
      // Deltas written before the undo reach the windows before the reset that follows it.
      handle.batcher.flush();
      const summary = await graph.undoSession(sessionId);
      const seq = graph.currentSeq();
      emit('graph:reset', { caseId, seq });
      return {
        sessionId,
        entitiesRemoved: summary.entitiesRemoved,
        edgesRemoved: summary.edgesRemoved,
        fieldsRestored: summary.fieldsRestored,
        entitiesRestored: summary.entitiesRestored,
        seq,
      };
    },

    'graph:merge-entities': async ({ caseId, from, into, force }) => {
      const handle = await cases.writableCase(caseId);
      const graph = handle.open.graph;
      const reason = mergeNeedsConfirmation(handle.open.graph, from, into);
      if (reason !== undefined && force !== true) {
        // The app asks first; this keeps any other client from merging two LEIs unasked.
        throw new ServiceError('conflict', `not merged: ${reason}`);
      }
      const { session, delta } = await graph.mergeEntities(from, into);
      // The merge's delta went to the batcher; send it now so the merge shows at once.
      handle.batcher.flush();
      return { sessionId: session, into: delta.merged[0]?.into ?? into };
    },
  };
}
