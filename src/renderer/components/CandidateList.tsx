/**
 * Candidate matches in the details panel (docs/resolution.md, "Reviewing matches in the app"):
 * selecting an Organization a registry match was proposed for, or a proposed LEI Identifier,
 * lists the candidates awaiting a decision, ranked, with what the investigator judges them by
 * (name, LEI, jurisdiction, city, status, score and the evidence in words), Accept / Reject for
 * each and "None of these" for the Organization. The list is read from the store's graph, so it
 * follows the deltas: a decided candidate leaves it when its delta arrives.
 */
import { useMemo, useState } from 'react';
import type { EntityId } from '../../shared/model/asset';
import { compareCandidates, reviewCandidateOf, type ReviewCandidate } from '../../shared/model/review';
import type { AppState } from '../store/app-store';
import { appStore, useAppStore } from '../store/app-store';
import { acceptCandidate, rejectAllCandidates, rejectCandidate } from '../store/review-actions';
import { useCanvas } from './canvas-context';

type GraphMaps = Pick<AppState, 'edgesById' | 'entitiesById' | 'edgeIdsByEntity'>;

/** Every pending candidate in the graph, each Organization's best first (the canvas's review notice). */
export function allCandidates(graph: Pick<AppState, 'edgesById' | 'entitiesById'>): ReviewCandidate[] {
  const candidates: ReviewCandidate[] = [];
  for (const edge of graph.edgesById.values()) {
    if (edge.relation !== 'id') {
      continue;
    }
    const candidate = reviewCandidateOf(
      edge,
      graph.entitiesById.get(edge.from),
      graph.entitiesById.get(edge.to),
    );
    if (candidate !== undefined) {
      candidates.push(candidate);
    }
  }
  return candidates.sort(compareCandidates);
}

/** The pending candidates that involve the entity (as the Organization or the proposed Identifier). */
export function candidatesOf(entityId: EntityId, graph: GraphMaps): ReviewCandidate[] {
  const candidates: ReviewCandidate[] = [];
  for (const edgeId of graph.edgeIdsByEntity.get(entityId) ?? []) {
    const edge = graph.edgesById.get(edgeId);
    const candidate =
      edge === undefined
        ? undefined
        : reviewCandidateOf(edge, graph.entitiesById.get(edge.from), graph.entitiesById.get(edge.to));
    if (candidate !== undefined) {
      candidates.push(candidate);
    }
  }
  // Ranked as the evidence ranks them: the investigator reads the strongest proposal first.
  return candidates.sort(compareCandidates);
}

export interface CandidateTableProps {
  candidates: readonly ReviewCandidate[];
  /** Edge ids whose decision is on its way (their buttons are disabled). */
  busy: ReadonlySet<string>;
  error: string | undefined;
  onAccept: (candidate: ReviewCandidate) => void;
  onReject: (candidate: ReviewCandidate) => void;
  /** "None of these" for the Organization whose candidates are listed (one Organization only). */
  onNone?: (organizationId: string) => void;
}

/** One evidence item ("+ same name") as a line that says whether it supports or contradicts. */
function EvidenceItem({ item }: { item: string }) {
  const sign = item.slice(0, 1);
  const kind = sign === '+' ? 'supports' : sign === '-' ? 'contradicts' : 'notes';
  return (
    <li className={`evidence-${kind}`} data-evidence={kind}>
      {item.slice(2)}
    </li>
  );
}

/** The list itself, without the store (rendered by the unit tests). */
export function CandidateTable({ candidates, busy, error, onAccept, onReject, onNone }: CandidateTableProps) {
  if (candidates.length === 0 && error === undefined) {
    return null;
  }
  const organizations = new Set(candidates.map((candidate) => candidate.organizationId));
  const [onlyOrganization] = organizations;
  return (
    <section className="candidates" aria-label="Candidate matches">
      <h3>
        Candidate matches <span className="muted">({candidates.length})</span>
      </h3>
      <p className="muted">
        Registry matches the evidence does not make unambiguous wait for your decision, best first. Accept
        applies the record and brings its family (the other candidates are set aside); Reject removes one
        candidate, None of these removes them all; neither is proposed again within the TTL.
      </p>
      {error !== undefined && (
        <p role="alert" className="candidate-error">
          {error}
        </p>
      )}
      <ul>
        {candidates.map((candidate) => {
          const name = candidate.legalName === '' ? candidate.lei : candidate.legalName;
          const deciding = busy.has(candidate.edgeId);
          return (
            <li key={candidate.edgeId} data-testid="candidate" data-rank={candidate.rank}>
              {candidate.rank > 0 && <span className="candidate-rank">#{candidate.rank} </span>}
              <strong>{name}</strong>
              <span className="muted"> for {candidate.organizationName}</span>
              <dl className="candidate-fields">
                <dt>LEI</dt>
                <dd>
                  <code>{candidate.lei}</code>
                </dd>
                <dt>Jurisdiction</dt>
                <dd>{candidate.jurisdiction || '–'}</dd>
                <dt>City</dt>
                <dd>{candidate.city || '–'}</dd>
                <dt>Status</dt>
                <dd>{candidate.status || '–'}</dd>
                <dt>Score</dt>
                <dd data-testid="candidate-score">
                  {candidate.score === undefined ? '–' : Math.round(candidate.score)}
                  {candidate.matchType === '' ? '' : ` (${candidate.matchType} match)`}
                </dd>
              </dl>
              {candidate.evidence.length > 0 && (
                <ul
                  className="candidate-evidence"
                  aria-label={`Evidence for ${name}`}
                  data-testid="candidate-evidence"
                >
                  {candidate.evidence.map((item) => (
                    <EvidenceItem key={item} item={item} />
                  ))}
                </ul>
              )}
              <div className="details-actions">
                <button
                  type="button"
                  disabled={deciding}
                  aria-label={`Accept ${name}`}
                  onClick={() => onAccept(candidate)}
                >
                  Accept
                </button>
                <button
                  type="button"
                  disabled={deciding}
                  aria-label={`Reject ${name}`}
                  onClick={() => onReject(candidate)}
                >
                  Reject
                </button>
              </div>
            </li>
          );
        })}
      </ul>
      {onNone !== undefined &&
        organizations.size === 1 &&
        onlyOrganization !== undefined &&
        candidates.length > 1 && (
          <div className="details-actions">
            <button
              type="button"
              disabled={busy.size > 0}
              onClick={() => onNone(onlyOrganization)}
              aria-label={`None of these for ${candidates[0]?.organizationName ?? ''}`}
            >
              None of these
            </button>
          </div>
        )}
    </section>
  );
}

/**
 * The candidates of the selected entity (or only the selected candidate edge's), with the
 * decisions wired to the host.
 */
export function CandidateList({ entityId, edgeId }: { entityId: EntityId; edgeId?: string }) {
  // The graph's maps are mutated in place: the version says when they changed.
  const graphVersion = useAppStore((state) => state.graphVersion);
  const candidates = useMemo(
    () =>
      candidatesOf(entityId, appStore.getState()).filter(
        (candidate) => edgeId === undefined || candidate.edgeId === edgeId,
      ),
    // graphVersion stands for the maps' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [entityId, edgeId, graphVersion],
  );
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | undefined>(undefined);

  const decide = (candidate: ReviewCandidate, action: typeof acceptCandidate): void => {
    setError(undefined);
    setBusy((current) => new Set(current).add(candidate.edgeId));
    void action(candidate).then((message) => {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(candidate.edgeId);
        return next;
      });
      setError(message);
    });
  };

  return (
    <CandidateTable
      candidates={candidates}
      busy={busy}
      error={error}
      onAccept={(candidate) => decide(candidate, acceptCandidate)}
      onReject={(candidate) => decide(candidate, rejectCandidate)}
      onNone={(organizationId) => {
        setError(undefined);
        const all = new Set(candidates.map((candidate) => candidate.edgeId));
        setBusy(all);
        void rejectAllCandidates(organizationId).then((message) => {
          setBusy(new Set());
          setError(message);
        });
      }}
    />
  );
}

/** The notice's text: how many Organizations have candidates waiting, or nothing when none has. */
export function reviewNoticeText(organizations: number): string | undefined {
  if (organizations === 0) {
    return undefined;
  }
  return organizations === 1
    ? 'Candidate matches for 1 organization await your review.'
    : `Candidate matches for ${organizations} organizations await your review.`;
}

/**
 * Over the canvas: how many Organizations have candidates awaiting a decision, and a button that
 * selects the first of them (its details list them, ranked). A run that only proposed candidates
 * draws no family; this says why and where to decide.
 */
export function ReviewNotice() {
  const canvas = useCanvas();
  const graphVersion = useAppStore((state) => state.graphVersion);
  const candidates = useMemo(
    () => allCandidates(appStore.getState()),
    // graphVersion stands for the maps' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [graphVersion],
  );
  const text = reviewNoticeText(new Set(candidates.map((candidate) => candidate.organizationId)).size);
  const first = candidates[0];
  if (text === undefined || first === undefined) {
    return null;
  }
  return (
    <div className="review-notice" role="status" data-testid="review-notice">
      {text}{' '}
      <button
        type="button"
        onClick={() => {
          appStore.getState().selectEntity(first.organizationId);
          canvas?.focus(first.organizationId);
        }}
      >
        Review
      </button>
    </div>
  );
}
