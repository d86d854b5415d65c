/** Details of the selected node: OAM fields, tags, edges grouped by relation with provenance, raw value. */
import { sourceWords } from '../../shared/model/review';
import { useMemo } from 'react';
import { assetKey } from '../../shared/model/asset';
import type { Edge, Entity } from '../../shared/model/graph';
import { findCanvasController } from '../graph/canvas-controller';
import { labelContextOf, readableLabel } from '../graph/node-label';
import { expandNode } from '../store/actions';
import { appStore, useAppStore } from '../store/app-store';
import { openFailures } from '../store/failures';
import { selectSelectedEntity } from '../store/selectors';
import { CandidateList } from './CandidateList';
import { hiddenNeighboursOf } from '../store/hidden-neighbours';
import { CollectionDetails } from './CollectionDetails';
import { EdgeDetails } from './EdgeDetails';
import { HiddenNeighboursHint } from './HiddenNeighboursHint';
import { RawRecords } from './RawRecords';
import { formatDate } from './format';
import { MergeIntoButton } from './HistoryPanel';

interface Link {
  edge: Edge;
  direction: 'out' | 'in';
  other: Entity | undefined;
}

const RECORD_TYPES: ReadonlySet<string> = new Set(['AutnumRecord', 'IPNetRecord', 'DomainRecord']);

function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The text an investigator copies: the asset's OAM key value. */
export function copyValueOf(entity: Entity): string {
  return assetKey(entity.type, entity.asset as never);
}

export function DetailsPanel() {
  const entity = useAppStore(selectSelectedEntity);
  const selectedId = useAppStore((state) => state.selectedId);
  // The graph's maps are mutated in place: the version says when they changed.
  const graphVersion = useAppStore((state) => state.graphVersion);
  const links = useMemo((): Link[] => {
    if (selectedId === undefined) {
      return [];
    }
    const { edgesById, entitiesById, edgeIdsByEntity } = appStore.getState();
    const result: Link[] = [];
    for (const edgeId of edgeIdsByEntity.get(selectedId) ?? []) {
      const edge = edgesById.get(edgeId);
      if (edge === undefined) {
        continue;
      }
      if (edge.from === selectedId) {
        result.push({ edge, direction: 'out', other: entitiesById.get(edge.to) });
      } else {
        result.push({ edge, direction: 'in', other: entitiesById.get(edge.from) });
      }
    }
    return result;
    // graphVersion is the dependency that stands for the maps' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId, graphVersion]);
  const sessions = useAppStore((state) => state.sessions);
  const retriedAt = useAppStore((state) => state.retriedAt);
  const failures = useMemo(
    () => (selectedId === undefined ? [] : (openFailures(sessions, retriedAt).get(selectedId) ?? [])),
    [sessions, retriedAt, selectedId],
  );
  const hiddenIds = useAppStore((state) => state.hiddenIds);
  const hiddenTypes = useAppStore((state) => state.hiddenTypes);
  const hiddenSources = useAppStore((state) => state.hiddenSources);
  const hiddenNeighbours = useMemo(
    () =>
      hiddenNeighboursOf(selectedId ?? '', appStore.getState(), { hiddenIds, hiddenTypes, hiddenSources }),
    // graphVersion stands for the maps' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [selectedId, graphVersion, hiddenIds, hiddenTypes, hiddenSources],
  );
  const selectedEdge = useAppStore((state) =>
    state.selectedEdgeId === undefined ? undefined : state.edgesById.get(state.selectedEdgeId),
  );
  const selectedCollectionId = useAppStore((state) => state.selectedCollectionId);
  if (selectedCollectionId !== undefined) {
    // graphVersion (read above) re-renders this as members arrive.
    const details = findCanvasController()?.collection(selectedCollectionId);
    const parent = details && appStore.getState().entitiesById.get(details.summary.parent);
    return (
      <CollectionDetails
        details={details}
        parentLabel={
          parent === undefined
            ? (details?.summary.parent ?? '')
            : readableLabel(
                parent,
                labelContextOf(() => appStore.getState()),
              )
        }
        onExpand={() => findCanvasController()?.expandCollection(selectedCollectionId)}
        onSelect={(id) => {
          appStore.getState().selectEntity(id);
          findCanvasController()?.focus(id);
        }}
      />
    );
  }
  if (selectedEdge !== undefined) {
    const { entitiesById } = appStore.getState();
    const context = labelContextOf(() => appStore.getState());
    return (
      <EdgeDetails
        edge={selectedEdge}
        from={entitiesById.get(selectedEdge.from)}
        to={entitiesById.get(selectedEdge.to)}
        labelOf={(other) => readableLabel(other, context)}
        onSelect={(id) => appStore.getState().selectEntity(id)}
      >
        <CandidateList key={selectedEdge.id} entityId={selectedEdge.to} edgeId={selectedEdge.id} />
      </EdgeDetails>
    );
  }
  if (entity === undefined) {
    return (
      <aside className="details" aria-label="Details">
        <h2>Details</h2>
        <p className="muted">Select a node or an edge to see its fields, tags and sources.</p>
      </aside>
    );
  }
  // A member of an expanded collection can fold back into it.
  const collapsible = findCanvasController()?.expandedGroupOf(entity.id);
  const byRelation = new Map<string, Link[]>();
  for (const link of links) {
    const key = `${link.direction === 'out' ? '' : '← '}${link.edge.relation}`;
    byRelation.set(key, [...(byRelation.get(key) ?? []), link]);
  }
  const fields = Object.entries(entity.asset as unknown as Record<string, unknown>).filter(
    ([name]) => name !== 'raw' || !RECORD_TYPES.has(entity.type),
  );
  // Records keep their reply in `raw` (OAM); a Phone's `raw` is its number, not a reply.
  const storedOnRecord =
    RECORD_TYPES.has(entity.type) && 'raw' in entity.asset ? entity.asset.raw : undefined;
  return (
    <aside className="details" aria-label="Details">
      <h2>
        <span className="type-badge">{entity.type}</span>{' '}
        <span data-testid="details-title">
          {readableLabel(
            entity,
            labelContextOf(() => appStore.getState()),
          )}
        </span>
      </h2>
      {failures.length > 0 && (
        <div className="lookup-failures" role="alert" data-testid="lookup-failures">
          <ul>
            {failures.map((failure) => (
              <li key={`${failure.handler}|${failure.at}`}>
                {failure.source} ({failure.handler}) failed: {failure.message} [{failure.code}]
              </li>
            ))}
          </ul>
          <button
            type="button"
            onClick={() => {
              appStore.getState().markRetried(entity.id, new Date().toISOString());
              void expandNode(appStore, entity.id, true);
            }}
          >
            Retry
          </button>
        </div>
      )}
      <div className="details-actions">
        <button type="button" onClick={() => void expandNode(appStore, entity.id, false)}>
          Enrich now
        </button>
        <button
          type="button"
          onClick={() => void expandNode(appStore, entity.id, true)}
          title="Ignore the TTL"
        >
          Refresh
        </button>
        <button type="button" onClick={() => findCanvasController()?.selectNeighbours(entity.id)}>
          Select neighbours
        </button>
        <button type="button" onClick={() => appStore.getState().hideEntity(entity.id)}>
          Hide
        </button>
        <MergeIntoButton id={entity.id} />
        {collapsible !== undefined && (
          <button type="button" onClick={() => findCanvasController()?.collapseCollection(collapsible)}>
            Collapse into collection
          </button>
        )}
        <button type="button" onClick={() => void navigator.clipboard?.writeText(copyValueOf(entity))}>
          Copy value
        </button>
      </div>
      <CandidateList key={entity.id} entityId={entity.id} />
      <HiddenNeighboursHint
        hidden={hiddenNeighbours}
        onShow={() => appStore.getState().setFilters(hiddenNeighbours.revealed)}
      />
      <h3>Fields</h3>
      <table className="fields" aria-label="Fields">
        <tbody>
          <tr>
            <th scope="row">id</th>
            <td>
              <code>{entity.id}</code>
            </td>
          </tr>
          {fields.map(([name, value]) => (
            <tr key={name}>
              <th scope="row">{name}</th>
              <td>{fieldText(value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3>Tags</h3>
      {entity.tags.length === 0 ? (
        <p className="muted">No tags.</p>
      ) : (
        <table className="tags" aria-label="Tags">
          <thead>
            <tr>
              <th scope="col">Tag</th>
              <th scope="col">Value</th>
              <th scope="col">Handler</th>
              <th scope="col">Updated</th>
            </tr>
          </thead>
          <tbody>
            {entity.tags.map((tag, index) => (
              <tr key={`${tag.name}-${tag.value}-${index}`}>
                <td>{tag.name}</td>
                <td>{tag.value}</td>
                <td>{tag.handler ?? ''}</td>
                <td>{formatDate(tag.updatedAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>Relations</h3>
      {byRelation.size === 0 && <p className="muted">No edges.</p>}
      {[...byRelation.entries()].map(([relation, group]) => (
        <section key={relation} className="relation-group" aria-label={`Relation ${relation}`}>
          <h4>
            {relation} <span className="muted">({group.length})</span>
          </h4>
          <ul>
            {group.map(({ edge, direction, other }) => (
              <li key={edge.id} data-testid="relation-edge">
                <button
                  type="button"
                  className="link"
                  onClick={() => {
                    const id = direction === 'out' ? edge.to : edge.from;
                    appStore.getState().selectEntity(id);
                    findCanvasController()?.focus(id);
                  }}
                >
                  {other === undefined
                    ? direction === 'out'
                      ? edge.to
                      : edge.from
                    : readableLabel(
                        other,
                        labelContextOf(() => appStore.getState()),
                      )}
                </button>
                <ul className="provenance">
                  {edge.sources.map((source) => (
                    <li key={source.name}>
                      {sourceWords(
                        edge,
                        source,
                        readableLabel(
                          direction === 'in' && other !== undefined ? other : entity,
                          labelContextOf(() => appStore.getState()),
                        ),
                      )}
                      , {formatDate(source.updatedAt)}
                    </li>
                  ))}
                  {Object.entries(edge.properties).map(([name, value]) => (
                    <li key={name} className="muted">
                      {name}: {String(value)}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <RawRecords entityId={entity.id} storedOnRecord={storedOnRecord === '' ? undefined : storedOnRecord} />
    </aside>
  );
}
