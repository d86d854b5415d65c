/**
 * Reviewed matches (docs/resolution.md, "Reviewed matches"): the review state an `id` edge carries
 * and the candidate an investigator decides on. Shared so that the engine (which writes the
 * states), the CLI and the app's canvas and details panel read them one way.
 */
import type { Edge, Entity } from './graph';

/** The edge property that holds the review state. */
export const REVIEW_PROPERTY = 'review';

export type ReviewState = 'pending' | 'accepted' | 'rejected';

/** The review state of an edge; undefined for matches that never needed review. */
export function reviewStateOf(edge: Pick<Edge, 'properties'>): ReviewState | undefined {
  const value = edge.properties[REVIEW_PROPERTY];
  return value === 'pending' || value === 'accepted' || value === 'rejected' ? value : undefined;
}

/** A candidate match awaiting the investigator's decision, as the CLI and the app list it. */
export interface ReviewCandidate {
  /** The pending `id` edge; accept and reject name it. */
  edgeId: string;
  organizationId: string;
  organizationName: string;
  /** The LEI Identifier entity the edge points to. */
  identifierId: string;
  lei: string;
  legalName: string;
  jurisdiction: string;
  city: string;
  /** The LEI's registration status (ISSUED, LAPSED, ...); empty when unknown. */
  status: string;
  score?: number;
  matchType: string;
  /** 1 for the best of the Organization's candidates; 0 when the edge has no rank (older cases). */
  rank: number;
  /** The evidence in words, each with its sign ("+ same name", "- different numeral: VII"). */
  evidence: string[];
}

/** The evidence items an edge's `evidence` property holds ("+ a; - b" -> ["+ a", "- b"]). */
export function evidenceItemsOf(value: unknown): string[] {
  return typeof value === 'string' && value !== '' ? value.split('; ') : [];
}

/** Candidates of one Organization together, best rank first (rank 0, unknown, last). */
export function compareCandidates(a: ReviewCandidate, b: ReviewCandidate): number {
  const rank = (candidate: ReviewCandidate): number => (candidate.rank > 0 ? candidate.rank : Infinity);
  return (
    a.organizationName.localeCompare(b.organizationName) ||
    a.organizationId.localeCompare(b.organizationId) ||
    rank(a) - rank(b) ||
    (b.score ?? 0) - (a.score ?? 0)
  );
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The candidate an edge proposes: a pending `id` edge from an Organization to an Identifier;
 * undefined for any other edge or ends.
 */
export function reviewCandidateOf(
  edge: Edge,
  organization: Entity | undefined,
  identifier: Entity | undefined,
): ReviewCandidate | undefined {
  if (edge.relation !== 'id' || reviewStateOf(edge) !== 'pending') {
    return undefined;
  }
  if (organization?.type !== 'Organization' || identifier?.type !== 'Identifier') {
    return undefined;
  }
  const { score, rank } = edge.properties;
  const org = organization.asset as { name?: unknown };
  const id = identifier.asset as { id?: unknown; status?: unknown };
  return {
    edgeId: edge.id,
    organizationId: organization.id,
    organizationName: text(org.name),
    identifierId: identifier.id,
    lei: text(id.id),
    legalName: text(edge.properties.candidate_legal_name),
    jurisdiction: text(edge.properties.candidate_jurisdiction),
    city: text(edge.properties.candidate_city),
    status: text(id.status),
    ...(typeof score === 'number' ? { score } : {}),
    matchType: text(edge.properties.match_type),
    rank: typeof rank === 'number' ? rank : 0,
    evidence: evidenceItemsOf(edge.properties.evidence),
  };
}

/** True when the candidate involves the entity: its Organization or its LEI Identifier. */
export function candidateConcerns(candidate: ReviewCandidate, entityId: string): boolean {
  return candidate.organizationId === entityId || candidate.identifierId === entityId;
}

/** Sources whose edges are derived by a rule from what the case holds, not stated by a source. */
export const DERIVED_SOURCES: ReadonlySet<string> = new Set(['Pivot']);

/**
 * How one source of an edge reads in the details panel: a pending candidate is a candidate with
 * its score (its edge is a proposal, not a source's statement with confidence 100), a decided one
 * says so, and a derived edge says it is derived and from what (`fromLabel`: the edge's start).
 */
export function sourceWords(
  edge: Pick<Edge, 'properties'>,
  source: { name: string; confidence: number },
  fromLabel: string,
): string {
  const state = reviewStateOf(edge);
  const { score } = edge.properties;
  const scored = typeof score === 'number' ? ` · score ${Math.round(score)}` : '';
  if (state === 'pending' && source.name !== 'Investigator') {
    return `${source.name}, candidate${scored}, awaiting review`;
  }
  if (state === 'rejected' && source.name !== 'Investigator') {
    return `${source.name}, candidate${scored}, rejected`;
  }
  if (DERIVED_SOURCES.has(source.name)) {
    return `${source.name}, derived from ${fromLabel}`;
  }
  return `${source.name}, confidence ${source.confidence}`;
}

/** True when the `id` edge makes its Organization hold the LEI (no pending or rejected candidate). */
export function edgeHoldsLei(edge: Pick<Edge, 'relation' | 'properties'>, to: Entity | undefined): boolean {
  const state = reviewStateOf(edge);
  const asset = to?.asset as { id_type?: unknown } | undefined;
  return (
    edge.relation === 'id' &&
    to?.type === 'Identifier' &&
    asset?.id_type === 'lei' &&
    (state === undefined || state === 'accepted')
  );
}

/**
 * Why merging two Organizations needs the investigator's confirmation: they hold different LEIs
 * (an LEI names one legal entity, so two LEIs are two entities unless the registry is wrong).
 * Undefined when there is no such reason.
 */
export function leiMergeConflict(
  from: { name: string; leis: readonly string[] },
  into: { name: string; leis: readonly string[] },
): string | undefined {
  const fromLeis = [...new Set(from.leis.map((lei) => lei.toUpperCase()))];
  const intoLeis = new Set(into.leis.map((lei) => lei.toUpperCase()));
  const different = fromLeis.filter((lei) => !intoLeis.has(lei));
  if (fromLeis.length === 0 || intoLeis.size === 0 || different.length === 0) {
    return undefined;
  }
  return (
    `${from.name} holds LEI ${fromLeis.join(', ')} and ${into.name} holds LEI ${[...intoLeis].join(', ')}: ` +
    'an LEI names one legal entity, so these are two entities unless the registry is wrong'
  );
}

/** The LEI code an Identifier entity holds ("" for anything else). */
export function leiCodeOf(entity: Entity | undefined): string {
  const id = (entity?.asset as { id?: unknown } | undefined)?.id;
  return typeof id === 'string' ? id : '';
}
