import { describe, expect, it } from 'vitest';
import type { AssetType } from '../../shared/model/asset';
import type { Edge, Entity } from '../../shared/model/graph';
import { NO_FILTERS, type Filters } from '../graph/filters';
import { describeReasons, hiddenNeighboursOf, type GraphMaps } from './hidden-neighbours';

const stamp = { tags: [], createdAt: '', updatedAt: '' };
const org = (key: string): Entity => ({
  id: `Organization:${key}`,
  type: 'Organization',
  asset: { unique_id: key, name: key },
  ...stamp,
});
const place = (key: string): Entity => ({
  id: `Location:${key}`,
  type: 'Location',
  asset: { address: key, city: key },
  ...stamp,
});
const edge = (from: Entity, relation: string, to: Entity, source = 'GLEIF'): Edge => ({
  id: `${from.id}|${relation}|${to.id}`,
  from: from.id,
  to: to.id,
  relation,
  sources: [{ name: source, confidence: 100, createdAt: '', updatedAt: '' }],
  properties: {},
  createdAt: '',
  updatedAt: '',
});

function graphOf(entities: Entity[], edges: Edge[]): GraphMaps {
  const edgeIdsByEntity = new Map<string, Set<string>>();
  for (const each of edges) {
    for (const end of [each.from, each.to]) {
      edgeIdsByEntity.set(end, new Set([...(edgeIdsByEntity.get(end) ?? []), each.id]));
    }
  }
  return {
    entitiesById: new Map(entities.map((entity) => [entity.id, entity])),
    edgesById: new Map(edges.map((each) => [each.id, each])),
    edgeIdsByEntity,
  };
}

const acme = org('acme');
const parent = org('parent');
const child = org('child');
const office = place('london');
const graph = graphOf(
  [acme, parent, child, office],
  [
    edge(parent, 'subsidiary', acme),
    edge(acme, 'subsidiary', child, 'CompanyData'),
    edge(acme, 'location', office),
  ],
);
const filters = (changes: Partial<Filters>): Filters => ({ ...NO_FILTERS, ...changes });

describe('neighbours not drawn', () => {
  it('counts none when nothing is hidden or filtered', () => {
    expect(hiddenNeighboursOf(acme.id, graph, NO_FILTERS).ids).toEqual([]);
  });

  it('counts a hidden neighbour, one of a hidden type, and one reached only through hidden sources', () => {
    const hidden = hiddenNeighboursOf(
      acme.id,
      graph,
      filters({
        hiddenIds: new Set([parent.id]),
        hiddenTypes: new Set<AssetType>(['Location']),
        hiddenSources: new Set(['CompanyData']),
      }),
    );
    expect(hidden.ids.sort()).toEqual([child.id, office.id, parent.id].sort());
    expect(describeReasons(hidden.byReason)).toBe('1 hidden, 1 filtered by type, 1 filtered by source');
  });

  it('shows them again by lifting only what hides them', () => {
    const { revealed } = hiddenNeighboursOf(
      acme.id,
      graph,
      filters({
        hiddenIds: new Set([parent.id, 'Organization:elsewhere']),
        hiddenTypes: new Set<AssetType>(['Location', 'Person']),
      }),
    );
    expect([...revealed.hiddenIds]).toEqual(['Organization:elsewhere']);
    expect([...revealed.hiddenTypes]).toEqual(['Person']);
  });

  it('does not count a neighbour still drawn through an edge of a visible source', () => {
    const both = graphOf(
      [acme, child, parent],
      [edge(acme, 'subsidiary', child, 'CompanyData'), edge(parent, 'subsidiary', child)],
    );
    const hidden = hiddenNeighboursOf(acme.id, both, filters({ hiddenSources: new Set(['CompanyData']) }));
    expect(hidden.ids).toEqual([]);
  });
});
