/**
 * The investigator's review of LEI search candidates (docs/resolution.md, "Reviewed matches"):
 * list the pending ones, accept or reject one. Each decision is a write of its own, attributed to
 * the Investigator and recorded as a session, so `undo` takes it back like any other run.
 */
import { randomUUID } from 'node:crypto';
import type { Edge } from '../shared/model/graph';
import {
  REVIEW_PROPERTY,
  compareCandidates,
  reviewCandidateOf,
  reviewStateOf,
  type ReviewCandidate,
} from '../shared/model/review';
import { FindingsBuilder } from './graph/findings';
import type { CaseGraph } from './graph/case-graph';
import { INVESTIGATOR_SOURCE } from './seeds';
import { EngineError } from './util/engine-error';

/** One pending candidate as the CLI and the app list it (shared/model/review.ts). */
export type PendingCandidate = ReviewCandidate;

export interface CandidateDecision {
  /** The session that recorded the decision (`undo` takes it back). */
  session: string;
  organizationId: string;
}

/** A decision the review cannot take: an unknown edge or one that is not a pending candidate. */
export class ReviewRefusedError extends EngineError {
  override readonly name = 'ReviewRefusedError';
  /** `unknown-edge`: no such edge; `not-pending`: already decided, or never a candidate. */
  readonly reason: 'unknown-edge' | 'not-pending';
  constructor(reason: 'unknown-edge' | 'not-pending', message: string) {
    super(reason === 'unknown-edge' ? 'review_unknown_edge' : 'review_not_pending', message);
    this.reason = reason;
  }
}

/** Every `id` edge awaiting review: an Organization's candidates together, best rank first. */
export function listPendingCandidates(graph: Pick<CaseGraph, 'snapshot'>): PendingCandidate[] {
  const snapshot = graph.snapshot();
  const entities = new Map(snapshot.entities.map((entity) => [entity.id, entity]));
  const pending: PendingCandidate[] = [];
  for (const edge of snapshot.edges) {
    const candidate = reviewCandidateOf(edge, entities.get(edge.from), entities.get(edge.to));
    if (candidate !== undefined) {
      pending.push(candidate);
    }
  }
  return pending.sort(compareCandidates);
}

/**
 * Accepts or rejects a pending candidate: the edge's `review` property becomes `accepted` (the
 * next enrich applies the record and brings the family) or `rejected` (never proposed again
 * within the TTL). Accepting one of an Organization's ranked candidates rejects the others in
 * the same decision (the investigator picked one; undo gives all of them back). Returns the
 * session that recorded the decision and the candidate's Organization (where the chain
 * continues after an accept).
 */
export async function decideCandidate(
  graph: CaseGraph,
  edgeId: string,
  decision: 'accepted' | 'rejected',
): Promise<CandidateDecision> {
  const snapshot = graph.snapshot();
  const edge = snapshot.edges.find((candidate) => candidate.id === edgeId);
  if (edge === undefined) {
    throw new ReviewRefusedError('unknown-edge', `no edge ${edgeId} in this case`);
  }
  if (edge.relation !== 'id' || reviewStateOf(edge) !== 'pending') {
    throw new ReviewRefusedError('not-pending', `edge ${edgeId} is not a pending candidate`);
  }
  const others = decision === 'accepted' ? pendingEdgesOf(snapshot.edges, edge.from) : [];
  const builder = new FindingsBuilder().edge(edge.from, 'id', edge.to, { [REVIEW_PROPERTY]: decision });
  for (const other of others.filter((candidate) => candidate.id !== edge.id)) {
    builder.edge(other.from, 'id', other.to, { [REVIEW_PROPERTY]: 'rejected' });
  }
  const action = `review ${decision === 'accepted' ? 'accept' : 'reject'} ${edgeId}`;
  const session = await recordDecision(graph, builder, edge.from, action);
  return { session, organizationId: edge.from };
}

/**
 * "None of these": rejects every pending candidate of an Organization in one decision (one
 * session, one undo). An Organization with no pending candidate is refused.
 */
export async function rejectAllCandidates(
  graph: CaseGraph,
  organizationId: string,
): Promise<CandidateDecision> {
  const pending = pendingEdgesOf(graph.snapshot().edges, organizationId);
  if (pending.length === 0) {
    throw new ReviewRefusedError('not-pending', `${organizationId} has no pending candidate`);
  }
  const builder = new FindingsBuilder();
  for (const edge of pending) {
    builder.edge(edge.from, 'id', edge.to, { [REVIEW_PROPERTY]: 'rejected' });
  }
  const session = await recordDecision(graph, builder, organizationId, `review none of ${organizationId}`);
  return { session, organizationId };
}

function pendingEdgesOf(edges: readonly Edge[], organizationId: string): Edge[] {
  return edges.filter(
    (edge) => edge.from === organizationId && edge.relation === 'id' && reviewStateOf(edge) === 'pending',
  );
}

/** Writes a decision as the Investigator in a session of its own; returns the session id. */
async function recordDecision(
  graph: CaseGraph,
  builder: FindingsBuilder,
  seed: string,
  action: string,
): Promise<string> {
  const session = randomUUID();
  const started = new Date().toISOString();
  // A team case's write answers after its commit: the decision is recorded once it is stored.
  await graph.apply(builder.build(), { source: INVESTIGATOR_SOURCE, handler: 'review', session });
  graph.saveSession({
    id: session,
    startedAt: started,
    finishedAt: new Date().toISOString(),
    seeds: [seed],
    depth: 0,
    action,
  });
  return session;
}
