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
import type { AppState } from '../store/app-store';
import { appStore, useAppStore } from '../store/app-store';
import { acceptCandidate, rejectCandidate } from '../store/review-actions';

type GraphMaps = Pick<AppState, 'edgesById' | 'entitiesById' | 'edgeIdsByEntity'>;

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
  return candidates.sort((a, b) => (b.score ?? -1) - (a.score ?? -1));
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

/** The candidates of the selected entity, with the decisions wired to the host. */
export function CandidateList({ entityId }: { entityId: EntityId }) {
  // The graph's maps are mutated in place: the version says when they changed.
  const graphVersion = useAppStore((state) => state.graphVersion);
  const candidates = useMemo(
    () => candidatesOf(entityId, appStore.getState()),
    // graphVersion stands for the maps' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [entityId, graphVersion],
  );
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [error, setError] = useState<string | undefined>(undefined);

  const decide = (candidate: ReviewCandidate, action: typeof acceptCandidate): void => {
    setError(undefined);
    setBusy((current) => new Set(current).add(candidate.edgeId));
    void action(appStore, candidate.edgeId).then((message) => {
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
