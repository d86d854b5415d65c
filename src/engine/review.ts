/**
 * The investigator's review of LEI search candidates (docs/resolution.md, "Reviewed matches"):
 * list the pending ones, accept or reject one. Each decision is a write of its own, attributed to
 * the Investigator and recorded as a session, so `undo` takes it back like any other run.
 */
import { randomUUID } from 'node:crypto';
import type { Edge } from '../shared/model/graph';
import { FindingsBuilder } from './graph/findings';
import type { CaseGraph } from './graph/types';
import { REVIEW_PROPERTY, reviewStateOf } from './plugins/gleif/review';
import { INVESTIGATOR_SOURCE } from './seeds';

/** One pending candidate as the CLI lists it. */
export interface PendingCandidate {
  edgeId: string;
  organizationId: string;
  organizationName: string;
  lei: string;
  legalName: string;
  jurisdiction: string;
  city: string;
  status: string;
  score: number | undefined;
  matchType: string;
}

/** A decision the review cannot take: an unknown edge or one that is not a pending candidate. */
export class ReviewRefusedError extends Error {
  override readonly name = 'ReviewRefusedError';
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** Every `id` edge awaiting review, in the graph's edge order. */
export function listPendingCandidates(graph: CaseGraph): PendingCandidate[] {
  const snapshot = graph.snapshot();
  const entities = new Map(snapshot.entities.map((entity) => [entity.id, entity]));
  const pending: PendingCandidate[] = [];
  for (const edge of snapshot.edges) {
    if (edge.relation !== 'id' || reviewStateOf(edge) !== 'pending') {
      continue;
    }
    const organization = entities.get(edge.from);
    const identifier = entities.get(edge.to);
    if (organization?.type !== 'Organization' || identifier?.type !== 'Identifier') {
      continue;
    }
    const score = edge.properties.score;
    pending.push({
      edgeId: edge.id,
      organizationId: organization.id,
      organizationName: organization.asset.name,
      lei: identifier.asset.id,
      legalName: text(edge.properties.candidate_legal_name),
      jurisdiction: text(edge.properties.candidate_jurisdiction),
      city: text(edge.properties.candidate_city),
      status: identifier.asset.status ?? '',
      score: typeof score === 'number' ? score : undefined,
      matchType: text(edge.properties.match_type),
    });
  }
  return pending;
}

/**
 * Accepts or rejects a pending candidate: the edge's `review` property becomes `accepted` (the
 * next enrich applies the record and brings the family) or `rejected` (never proposed again
 * within the TTL). Returns the session that recorded the decision.
 */
export function decideCandidate(graph: CaseGraph, edgeId: string, decision: 'accepted' | 'rejected'): string {
  const edge = findEdge(graph, edgeId);
  if (edge === undefined) {
    throw new ReviewRefusedError(`no edge ${edgeId} in this case`);
  }
  if (edge.relation !== 'id' || reviewStateOf(edge) !== 'pending') {
    throw new ReviewRefusedError(`edge ${edgeId} is not a pending candidate`);
  }
  const session = randomUUID();
  const started = new Date().toISOString();
  const findings = new FindingsBuilder()
    .edge(edge.from, 'id', edge.to, { [REVIEW_PROPERTY]: decision })
    .build();
  graph.apply(findings, { source: INVESTIGATOR_SOURCE, handler: 'review', session });
  graph.saveSession({
    id: session,
    startedAt: started,
    finishedAt: new Date().toISOString(),
    seeds: [edge.from],
    depth: 0,
    action: `review ${decision === 'accepted' ? 'accept' : 'reject'} ${edgeId}`,
  });
  return session;
}

function findEdge(graph: CaseGraph, edgeId: string): Edge | undefined {
  return graph.snapshot().edges.find((edge) => edge.id === edgeId);
}
