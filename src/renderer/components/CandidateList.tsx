/**
 * Candidate matches in the details panel (docs/resolution.md, "Reviewing matches in the app"):
 * selecting an Organization a registry match was proposed for, or the proposed LEI Identifier,
 * lists the candidates awaiting a decision with what the investigator judges them by (name, LEI,
 * jurisdiction, city, status, score) and Accept / Reject. The list is read from the store's graph,
 * so it follows the deltas: a decided candidate leaves it when its delta arrives.
 */
import { useMemo, useState } from 'react';
import type { EntityId } from '../../shared/model/asset';
import { reviewCandidateOf, type ReviewCandidate } from '../../shared/model/review';
import { findCanvasController } from '../graph/canvas-controller';
import type { AppState } from '../store/app-store';
import { appStore, useAppStore } from '../store/app-store';
import { acceptCandidate, rejectCandidate } from '../store/review-actions';

type GraphMaps = Pick<AppState, 'edgesById' | 'entitiesById' | 'edgeIdsByEntity'>;

/** Every pending candidate in the graph, best score first (the canvas's review notice). */
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
  return candidates.sort(byScore);
}

const byScore = (a: ReviewCandidate, b: ReviewCandidate): number => (b.score ?? -1) - (a.score ?? -1);

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
  // Best first: the investigator reads the strongest proposal first.
  return candidates.sort(byScore);
}

export interface CandidateTableProps {
  candidates: readonly ReviewCandidate[];
  /** Edge ids whose decision is on its way (their buttons are disabled). */
  busy: ReadonlySet<string>;
  error: string | undefined;
  onAccept: (candidate: ReviewCandidate) => void;
  onReject: (candidate: ReviewCandidate) => void;
}

/** The list itself, without the store (rendered by the unit tests). */
export function CandidateTable({ candidates, busy, error, onAccept, onReject }: CandidateTableProps) {
  if (candidates.length === 0 && error === undefined) {
    return null;
  }
  return (
    <section className="candidates" aria-label="Candidate matches">
      <h3>
        Candidate matches <span className="muted">({candidates.length})</span>
      </h3>
      <p className="muted">
        Registry matches that are not exact or confirmed by location wait for your decision. Accept applies
        the record and brings its family; Reject removes the candidate, and it is not proposed again within
        the TTL.
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
            <li key={candidate.edgeId} data-testid="candidate">
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
    />
  );
}

/** The notice's text: how many candidates wait, or nothing when none does. */
export function reviewNoticeText(count: number): string | undefined {
  if (count === 0) {
    return undefined;
  }
  return count === 1
    ? '1 candidate match awaits your review.'
    : `${count} candidate matches await your review.`;
}

/**
 * Over the canvas: how many candidates in the case await a decision, and a button that selects
 * the Organization of the best one (its details list them). A run that only proposed a candidate
 * draws two nodes; this says why and where to decide.
 */
export function ReviewNotice() {
  const graphVersion = useAppStore((state) => state.graphVersion);
  const candidates = useMemo(
    () => allCandidates(appStore.getState()),
    // graphVersion stands for the maps' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [graphVersion],
  );
  const text = reviewNoticeText(candidates.length);
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
          findCanvasController()?.focus(first.organizationId);
        }}
      >
        Review
      </button>
    </div>
  );
}
