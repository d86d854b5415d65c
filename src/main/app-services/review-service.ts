/**
 * Reviewed matches in the app (docs/resolution.md, "Reviewing matches in the app"): the IPC side
 * of the engine's review (engine/review.ts), shared by the desktop window and the web host. The
 * decision is the same write the CLI makes; an accept then runs the chain from the Organization at
 * once, as the CLI's next `enrich` would, so the family grows live on the canvas.
 */
import type { InvokeMap } from '../../shared/ipc/contract';
import { candidateConcerns } from '../../shared/model/review';
import type { CandidateDecision } from '../../engine/index';
import { decideCandidate, listPendingCandidates, rejectAllCandidates } from '../../engine/index';
import type { AnyCase, CaseResolvers } from './case-resolvers';
import type { SessionTracker } from './session-tracker';

type Handler<C extends keyof InvokeMap> = (request: InvokeMap[C]['req']) => Promise<InvokeMap[C]['res']>;

export interface ReviewHandlers {
  'review:list': Handler<'review:list'>;
  'review:accept': Handler<'review:accept'>;
  'review:reject': Handler<'review:reject'>;
  'review:none': Handler<'review:none'>;
}

export interface ReviewServiceOptions {
  /** Listing reads the case; a decision is a write (refused on a read-only team case). */
  cases: CaseResolvers;
  sessions: SessionTracker;
}

export function createReviewHandlers({ cases, sessions }: ReviewServiceOptions): ReviewHandlers {
  const decide = async (
    handle: AnyCase,
    edgeId: string,
    decision: 'accepted' | 'rejected' | 'none',
  ): Promise<CandidateDecision> => {
    const decided =
      decision === 'none'
        ? await rejectAllCandidates(handle.open.graph, edgeId)
        : await decideCandidate(handle.open.graph, edgeId, decision);
    // The decision's delta goes out before the answer: the canvas restyles the edge at once.
    handle.batcher.flush();
    return decided;
  };

  return {
    'review:list': async ({ caseId, entityId }) => {
      const all = listPendingCandidates((await cases.caseOf(caseId)).open.graph);
      return entityId === undefined ? all : all.filter((candidate) => candidateConcerns(candidate, entityId));
    },
    'review:accept': async ({ caseId, edgeId, depth }) => {
      const handle = await cases.writableCase(caseId);
      const { session, organizationId } = await decide(handle, edgeId, 'accepted');
      // The search handler applies the accepted record and dispatches the LEI; the family follows.
      const run = handle.open.startSession(
        depth === undefined ? { seeds: [organizationId] } : { seeds: [organizationId], depth },
      );
      return { decisionSessionId: session, ...sessions.track(caseId, run) };
    },
    'review:reject': async ({ caseId, edgeId }) => {
      const { session } = await decide(await cases.writableCase(caseId), edgeId, 'rejected');
      return { decisionSessionId: session };
    },
    'review:none': async ({ caseId, organizationId }) => {
      const { session } = await decide(await cases.writableCase(caseId), organizationId, 'none');
      return { decisionSessionId: session };
    },
  };
}
