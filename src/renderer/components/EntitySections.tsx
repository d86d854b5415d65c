/** The parts of the entity details panel (EntityDetails.tsx), each a component of its own. */
import type { Edge, Entity } from '../../shared/model/graph';
import { sourceWords } from '../../shared/model/review';
import type { HandlerFailure } from '../../shared/model/session';
import { labelContextOf, readableLabel } from '../graph/node-label';
import { expandNode } from '../store/actions';
import { appStore } from '../store/app-store';
import { formatDate } from './format';
import { MergeIntoButton } from './HistoryPanel';
import { copyValueOf } from './entity-value';
import { useCanvas } from './canvas-context';

export interface Link {
  edge: Edge;
  direction: 'out' | 'in';
  other: Entity | undefined;
}

function fieldText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function LookupFailures({
  entity,
  failures,
}: {
  entity: Entity;
  failures: readonly HandlerFailure[];
}) {
  if (failures.length === 0) {
    return null;
  }
  return (
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
  );
}

export function EntityActions({ entity }: { entity: Entity }) {
  const canvas = useCanvas();
  // A member of an expanded collection can fold back into it.
  const collapsible = canvas?.expandedGroupOf(entity.id);
  return (
    <div className="details-actions">
      <button type="button" onClick={() => void expandNode(appStore, entity.id, false)}>
        Enrich now
      </button>
      <button type="button" onClick={() => void expandNode(appStore, entity.id, true)} title="Ignore the TTL">
        Refresh
      </button>
      <button type="button" onClick={() => canvas?.selectNeighbours(entity.id)}>
        Select neighbours
      </button>
      <button type="button" onClick={() => appStore.getState().hideEntity(entity.id)}>
        Hide
      </button>
      <MergeIntoButton id={entity.id} />
      {collapsible !== undefined && (
        <button type="button" onClick={() => canvas?.collapseCollection(collapsible)}>
          Collapse into collection
        </button>
      )}
      <button type="button" onClick={() => void navigator.clipboard?.writeText(copyValueOf(entity))}>
        Copy value
      </button>
    </div>
  );
}

export function FieldsTable({ entity, fields }: { entity: Entity; fields: [string, unknown][] }) {
  return (
    <>
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
    </>
  );
}

export function TagsTable({ entity }: { entity: Entity }) {
  return (
    <>
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
    </>
  );
}

export function RelationsList({ entity, byRelation }: { entity: Entity; byRelation: Map<string, Link[]> }) {
  const canvas = useCanvas();
  return (
    <>
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
                    canvas?.focus(id);
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
                </button>{' '}
                <button
                  type="button"
                  className="link muted"
                  aria-label={`Edge details: ${edge.relation} ${direction === 'out' ? 'to' : 'from'} ${other?.id ?? ''}`}
                  title="Show this edge: its sources, notes and flag"
                  onClick={() => appStore.getState().selectEdge(edge.id)}
                >
                  edge{edge.flag !== undefined ? ` (${edge.flag.name})` : ''}
                  {edge.notes !== undefined ? ' ✎' : ''}
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
    </>
  );
}
