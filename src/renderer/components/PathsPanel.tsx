/**
 * "How are these two connected?" (docs/paths.md): pick entities from the canvas selection, then
 * the shortest routes between two of them, or the common neighbours of all picked, are highlighted
 * on the canvas and listed hop by hop with every edge's relation and sources; a click on a hop's
 * edge opens its details.
 */
import { useState } from 'react';
import type { EntityId } from '../../shared/model/asset';
import type { Edge } from '../../shared/model/graph';
import { labelContextOf, readableLabel } from '../graph/node-label';
import type { EntityPath } from '../graph/paths';
import { appStore, useAppStore } from '../store/app-store';
import { useCanvas } from './canvas-context';

/** At most this many picked entities (common neighbours of more say little). */
const MAX_PICKED = 8;

type Shown =
  | { kind: 'paths'; paths: EntityPath[] }
  | { kind: 'common'; nodeIds: EntityId[]; edgeIds: string[] }
  | undefined;

function labelOf(id: EntityId): string {
  const state = appStore.getState();
  const entity = state.entitiesById.get(id);
  return entity === undefined
    ? id
    : readableLabel(
        entity,
        labelContextOf(() => appStore.getState()),
      );
}

function EdgeLine({ edge }: { edge: Edge }) {
  const sources = edge.sources.map((source) => source.name).join(', ');
  return (
    <li>
      <button
        type="button"
        className="link"
        aria-label={`Edge ${labelOf(edge.from)} ${edge.relation} ${labelOf(edge.to)}`}
        onClick={() => appStore.getState().selectEdge(edge.id)}
      >
        {labelOf(edge.from)} —{edge.relation}→ {labelOf(edge.to)}
      </button>{' '}
      <span className="muted" data-testid="path-edge-sources">
        {sources === '' ? 'no source' : sources}
      </span>
    </li>
  );
}

function edgesOf(ids: readonly string[]): Edge[] {
  const edges = appStore.getState().edgesById;
  return ids.map((id) => edges.get(id)).filter((edge) => edge !== undefined);
}

function PathList({ paths }: { paths: EntityPath[] }) {
  if (paths.length === 0) {
    return <p className="muted">No route between them in the drawn graph.</p>;
  }
  return (
    <ol className="path-list" aria-label="Shortest paths">
      {paths.map((path, index) => (
        <li key={path.nodeIds.join('\n')}>
          <strong>
            Path {index + 1}: {path.steps.length} {path.steps.length === 1 ? 'hop' : 'hops'}
          </strong>
          <ul aria-label={`Path ${index + 1} edges`}>
            {path.steps.flatMap((step) =>
              edgesOf(step.edgeIds).map((edge) => <EdgeLine key={edge.id} edge={edge} />),
            )}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function CommonList({ nodeIds, edgeIds }: { nodeIds: EntityId[]; edgeIds: string[] }) {
  if (nodeIds.length === 0) {
    return <p className="muted">No entity is linked to all of them.</p>;
  }
  return (
    <>
      <p>
        {nodeIds.length} common {nodeIds.length === 1 ? 'neighbour' : 'neighbours'}
      </p>
      <ul aria-label="Common neighbour edges">
        {edgesOf(edgeIds).map((edge) => (
          <EdgeLine key={edge.id} edge={edge} />
        ))}
      </ul>
    </>
  );
}

export function PathsPanel() {
  const selectedId = useAppStore((state) => state.selectedId);
  const [picked, setPicked] = useState<EntityId[]>([]);
  const [shown, setShown] = useState<Shown>();
  const controller = useCanvas();
  const canvas = (): typeof controller => controller;
  const pick = (): void => {
    if (selectedId !== undefined && !picked.includes(selectedId) && picked.length < MAX_PICKED) {
      setPicked([...picked, selectedId]);
    }
  };
  const clear = (): void => {
    setPicked([]);
    setShown(undefined);
    canvas()?.clearPaths();
  };
  const [from, to] = picked;
  return (
    <section className="paths-panel" aria-label="Paths">
      <h2>How are these connected?</h2>
      {picked.length === 0 ? (
        <p className="muted">Select an entity and add it; add a second to see the routes between them.</p>
      ) : (
        <ol className="picked-list" aria-label="Picked entities">
          {picked.map((id) => (
            <li key={id}>
              {labelOf(id)}{' '}
              <button
                type="button"
                className="link"
                aria-label={`Remove ${labelOf(id)}`}
                onClick={() => setPicked(picked.filter((other) => other !== id))}
              >
                ✕
              </button>
            </li>
          ))}
        </ol>
      )}
      <div className="button-row">
        <button
          type="button"
          onClick={pick}
          disabled={selectedId === undefined || picked.includes(selectedId)}
        >
          Add selected
        </button>
        <button
          type="button"
          disabled={picked.length !== 2}
          onClick={() =>
            from !== undefined &&
            to !== undefined &&
            setShown({ kind: 'paths', paths: canvas()?.showPaths(from, to) ?? [] })
          }
        >
          Shortest paths
        </button>
        <button
          type="button"
          disabled={picked.length < 2}
          onClick={() =>
            setShown({
              kind: 'common',
              ...(canvas()?.showCommonNeighbours(picked) ?? { nodeIds: [], edgeIds: [] }),
            })
          }
        >
          Common neighbours
        </button>
        <button type="button" onClick={clear} disabled={picked.length === 0 && shown === undefined}>
          Clear
        </button>
      </div>
      {shown?.kind === 'paths' && <PathList paths={shown.paths} />}
      {shown?.kind === 'common' && <CommonList nodeIds={shown.nodeIds} edgeIds={shown.edgeIds} />}
    </section>
  );
}
