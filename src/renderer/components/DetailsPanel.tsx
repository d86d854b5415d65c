/**
 * The details panel: what is selected (a collection, an edge or a node) in full. The node's
 * panel is EntityDetails.tsx, the edge's EdgeDetails.tsx; both show the notes and flag through
 * one component (AnnotationsSection.tsx, `NotesAndFlag`).
 */
import { labelContextOf, readableLabel } from '../graph/node-label';
import { appStore, useAppStore } from '../store/app-store';
import { selectSelectedEntity } from '../store/selectors';
import { CandidateList } from './CandidateList';
import { CollectionDetails } from './CollectionDetails';
import { EdgeDetails } from './EdgeDetails';
import { EntityDetails } from './EntityDetails';
import { useCanvas } from './canvas-context';

export { copyValueOf } from './entity-value';

export function DetailsPanel() {
  const entity = useAppStore(selectSelectedEntity);
  // The graph's maps are mutated in place: the version re-renders a collection as members arrive.
  useAppStore((state) => state.graphVersion);
  const selectedEdge = useAppStore((state) =>
    state.selectedEdgeId === undefined ? undefined : state.edgesById.get(state.selectedEdgeId),
  );
  const selectedCollectionId = useAppStore((state) => state.selectedCollectionId);
  if (selectedCollectionId !== undefined) {
    return <SelectedCollection id={selectedCollectionId} />;
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
  return <EntityDetails key={entity.id} entity={entity} />;
}

function SelectedCollection({ id }: { id: string }) {
  const canvas = useCanvas();
  const details = canvas?.collection(id);
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
      onExpand={() => canvas?.expandCollection(id)}
      onSelect={(entityId) => {
        appStore.getState().selectEntity(entityId);
        canvas?.focus(entityId);
      }}
    />
  );
}
