/** Details of the selected node: OAM fields, tags, notes and flag, edges grouped by relation with provenance, raw value. */
import { useMemo } from 'react';
import type { Entity } from '../../shared/model/graph';
import { labelContextOf, readableLabel } from '../graph/node-label';
import { appStore, useAppStore } from '../store/app-store';
import { openFailures } from '../store/failures';
import { hiddenNeighboursOf } from '../store/hidden-neighbours';
import { NotesAndFlag } from './AnnotationsSection';
import { CandidateList } from './CandidateList';
import {
  EntityActions,
  FieldsTable,
  LookupFailures,
  RelationsList,
  TagsTable,
  type Link,
} from './EntitySections';
import { HiddenNeighboursHint } from './HiddenNeighboursHint';
import { RawRecords } from './RawRecords';

const RECORD_TYPES: ReadonlySet<string> = new Set(['AutnumRecord', 'IPNetRecord', 'DomainRecord']);

/** The selected entity's edges, each with its direction and the entity at the other end. */
function useLinks(selectedId: string): Link[] {
  // The graph's maps are mutated in place: the version says when they changed.
  const graphVersion = useAppStore((state) => state.graphVersion);
  return useMemo((): Link[] => {
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
}

function useHiddenNeighbours(selectedId: string) {
  const graphVersion = useAppStore((state) => state.graphVersion);
  const hiddenIds = useAppStore((state) => state.hiddenIds);
  const hiddenTypes = useAppStore((state) => state.hiddenTypes);
  const hiddenSources = useAppStore((state) => state.hiddenSources);
  return useMemo(
    () => hiddenNeighboursOf(selectedId, appStore.getState(), { hiddenIds, hiddenTypes, hiddenSources }),
    // graphVersion stands for the maps' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [selectedId, graphVersion, hiddenIds, hiddenTypes, hiddenSources],
  );
}

export function EntityDetails({ entity }: { entity: Entity }) {
  const links = useLinks(entity.id);
  const sessions = useAppStore((state) => state.sessions);
  const retriedAt = useAppStore((state) => state.retriedAt);
  const failures = useMemo(
    () => openFailures(sessions, retriedAt).get(entity.id) ?? [],
    [sessions, retriedAt, entity.id],
  );
  const hiddenNeighbours = useHiddenNeighbours(entity.id);
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
      <LookupFailures entity={entity} failures={failures} />
      <EntityActions entity={entity} />
      <CandidateList key={entity.id} entityId={entity.id} />
      <HiddenNeighboursHint
        hidden={hiddenNeighbours}
        onShow={() => appStore.getState().setFilters(hiddenNeighbours.revealed)}
      />
      <NotesAndFlag item={entity} />
      <FieldsTable entity={entity} fields={fields} />
      <TagsTable entity={entity} />
      <RelationsList entity={entity} byRelation={byRelation} />
      <RawRecords entityId={entity.id} storedOnRecord={storedOnRecord === '' ? undefined : storedOnRecord} />
    </aside>
  );
}
