/**
 * The details of a selected collection node: what it folds (type, count, relation to its parent),
 * an "Expand collection" action, and its members, each a button that selects the member (which
 * draws the collection's members again, see docs/ui.md "Collections").
 */
import type { CollectionDetails as Details } from '../graph/collection-view';
import { collectionLabel } from '../graph/collections';

export interface CollectionDetailsProps {
  /** Undefined when the collection is no longer drawn (expanded, or dissolved by new results). */
  details: Details | undefined;
  parentLabel: string;
  onExpand: () => void;
  onSelect: (id: string) => void;
}

export function CollectionDetails({ details, parentLabel, onExpand, onSelect }: CollectionDetailsProps) {
  if (details === undefined) {
    return (
      <aside className="details" aria-label="Details">
        <h2>Collection</h2>
        <p className="muted">This collection is no longer drawn: its members are on the canvas.</p>
      </aside>
    );
  }
  const { summary, members } = details;
  return (
    <aside className="details" aria-label="Details" data-testid="collection-details">
      <h2>
        <span className="type-badge">{summary.type}</span>{' '}
        <span data-testid="details-title">{collectionLabel(summary.type, summary.count)}</span>
      </h2>
      <p>
        {summary.relations.join(', ')} of{' '}
        <button type="button" className="link" onClick={() => onSelect(summary.parent)}>
          {parentLabel}
        </button>
      </p>
      <div className="details-actions">
        <button type="button" onClick={onExpand}>
          Expand collection
        </button>
      </div>
      <h3>Members</h3>
      <ul className="collection-members" aria-label="Members">
        {members.map((member) => (
          <li key={member.id}>
            <button type="button" className="link" onClick={() => onSelect(member.id)}>
              {member.label}
            </button>
          </li>
        ))}
      </ul>
    </aside>
  );
}
