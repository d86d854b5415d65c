/**
 * The edge panel: what an edge claims and who says so. Relation, both ends (each a button that
 * selects it), every source with its confidence and time, when the edge was first and last written, and its
 * properties (e.g. a match's score and type), and the investigator's notes and flag on it.
 */
import { sourceWords } from '../../shared/model/review';
import type { ReactNode } from 'react';
import type { Edge, Entity } from '../../shared/model/graph';
import { NotesAndFlag } from './AnnotationsSection';
import { formatDate } from './format';

export interface EdgeDetailsProps {
  edge: Edge;
  from: Entity | undefined;
  to: Entity | undefined;
  labelOf: (entity: Entity) => string;
  onSelect: (id: string) => void;
  /** Shown under the title: e.g. the decision on a candidate match (CandidateList). */
  children?: ReactNode;
}

function End({
  id,
  entity,
  labelOf,
  onSelect,
}: { id: string; entity: Entity | undefined } & Pick<EdgeDetailsProps, 'labelOf' | 'onSelect'>) {
  return (
    <button type="button" className="link" onClick={() => onSelect(id)}>
      {entity === undefined ? id : `${entity.type}: ${labelOf(entity)}`}
    </button>
  );
}

export function EdgeDetails({ edge, from, to, labelOf, onSelect, children }: EdgeDetailsProps) {
  const properties = Object.entries(edge.properties);
  return (
    <aside className="details" aria-label="Details">
      <h2>
        <span className="type-badge">Edge</span> <span data-testid="details-title">{edge.relation}</span>
      </h2>
      {children}
      <NotesAndFlag item={edge} />
      <dl className="fields" data-testid="edge-details">
        <dt>From</dt>
        <dd>
          <End id={edge.from} entity={from} labelOf={labelOf} onSelect={onSelect} />
        </dd>
        <dt>To</dt>
        <dd>
          <End id={edge.to} entity={to} labelOf={labelOf} onSelect={onSelect} />
        </dd>
        <dt>First seen</dt>
        <dd>{formatDate(edge.createdAt)}</dd>
        <dt>Last confirmed</dt>
        <dd>{formatDate(edge.updatedAt)}</dd>
      </dl>
      <h3>Sources</h3>
      <ul data-testid="edge-sources">
        {edge.sources.map((source) => (
          <li key={source.name}>
            {sourceWords(edge, source, from === undefined ? edge.from : labelOf(from))},{' '}
            {formatDate(source.updatedAt)}
          </li>
        ))}
      </ul>
      {properties.length > 0 && (
        <>
          <h3>Properties</h3>
          <dl className="fields" data-testid="edge-properties">
            {properties.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{String(value)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </aside>
  );
}
