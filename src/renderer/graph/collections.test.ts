import { describe, expect, it } from 'vitest';
import type { AssetType } from '../../shared/model/asset';
import type { Collections } from './collections';
import {
  collectionEdgeLabel,
  collectionIdOf,
  collectionLabel,
  createCollections,
  isCollectionId,
} from './collections';

let edgeSeq = 0;

/** Draws `count` leaves of a type around the parent, each with one edge from the parent. */
function addLeaves(
  collections: Collections,
  parent: string,
  type: AssetType,
  count: number,
  relation = 'has_identifier',
): string[] {
  const ids: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = `${type}:${parent}-${index}-${edgeSeq}`;
    collections.addNode(id, type);
    collections.addEdge({ id: `e${(edgeSeq += 1)}`, from: parent, to: id, relation, sources: ['GLEIF'] });
    ids.push(id);
  }
  return ids;
}

function hub(foldAbove = 8): Collections {
  const collections = createCollections(foldAbove);
  collections.addNode('Organization:bank', 'Organization');
  return collections;
}

const PEOPLE = collectionIdOf('Organization:bank', 'Person');
const IDENTIFIERS = collectionIdOf('Organization:bank', 'Identifier');

describe('collections', () => {
  it('leaves up to the threshold of same-type leaves drawn', () => {
    const collections = hub();
    addLeaves(collections, 'Organization:bank', 'Person', 8);
    const changes = collections.take();
    expect(changes.folded.size).toBe(0);
    expect(changes.upserted).toEqual([]);
  });

  it('folds more than the threshold of same-type leaves into one collection with their count', () => {
    const collections = hub();
    const people = addLeaves(collections, 'Organization:bank', 'Person', 9, 'officer');
    const changes = collections.take();
    expect([...changes.folded.keys()].sort()).toEqual([...people].sort());
    expect(new Set(changes.folded.values())).toEqual(new Set([PEOPLE]));
    expect(changes.upserted).toEqual([
      {
        id: PEOPLE,
        parent: 'Organization:bank',
        type: 'Person',
        count: 9,
        relations: ['officer'],
        sources: ['GLEIF'],
        towardParent: false,
      },
    ]);
  });

  it('folds two identifiers of one node, whatever the threshold', () => {
    const collections = hub(20);
    addLeaves(collections, 'Organization:bank', 'Identifier', 2);
    expect(collections.take().upserted.map((summary) => summary.count)).toEqual([2]);
  });

  it('never folds a node that has a second neighbour', () => {
    const collections = hub(1);
    collections.addNode('Organization:other', 'Organization');
    const people = addLeaves(collections, 'Organization:bank', 'Person', 3);
    collections.addEdge({
      id: 'x',
      from: 'Organization:other',
      to: people[0] ?? '',
      relation: 'officer',
      sources: [],
    });
    const changes = collections.take();
    expect(changes.folded.has(people[0] ?? '')).toBe(false);
    expect(changes.upserted[0]?.count).toBe(2);
  });

  it('does not count different types together', () => {
    const collections = hub(3);
    addLeaves(collections, 'Organization:bank', 'Person', 2);
    addLeaves(collections, 'Organization:bank', 'Location', 2);
    expect(collections.take().folded.size).toBe(0);
  });

  it('adds a new leaf next to a folded group to its collection without drawing it first', () => {
    const collections = hub(2);
    addLeaves(collections, 'Organization:bank', 'Person', 3);
    collections.take();
    collections.addNode('Person:late', 'Person');
    collections.addEdge({
      id: 'late',
      from: 'Organization:bank',
      to: 'Person:late',
      relation: 'officer',
      sources: [],
    });
    const changes = collections.take();
    expect(changes.folded).toEqual(new Map([['Person:late', PEOPLE]]));
    expect(changes.unfolded).toEqual([]);
    expect(changes.upserted.map((summary) => summary.count)).toEqual([4]);
  });

  it('takes a folded leaf out of its collection when it gains a second neighbour', () => {
    const collections = hub(2);
    const people = addLeaves(collections, 'Organization:bank', 'Person', 4);
    collections.take();
    collections.addNode('Organization:other', 'Organization');
    collections.addEdge({
      id: 'x',
      from: 'Organization:other',
      to: people[1] ?? '',
      relation: 'officer',
      sources: [],
    });
    const changes = collections.take();
    expect(changes.unfolded).toEqual([people[1]]);
    expect(changes.upserted.map((summary) => summary.count)).toEqual([3]);
    expect(collections.foldedInto(people[1] ?? '')).toBeUndefined();
  });

  it('dissolves a collection whose group falls to the threshold, drawing its members again', () => {
    const collections = hub(2);
    const people = addLeaves(collections, 'Organization:bank', 'Person', 3);
    collections.take();
    collections.addNode('Organization:other', 'Organization');
    collections.addEdge({
      id: 'x',
      from: 'Organization:other',
      to: people[0] ?? '',
      relation: 'officer',
      sources: [],
    });
    const changes = collections.take();
    expect(changes.removed).toEqual([PEOPLE]);
    expect([...changes.unfolded].sort()).toEqual([...people].sort());
    expect(collections.foldedCount()).toBe(0);
  });

  it('draws the members of an expanded collection, and new leaves of it too, until collapsed', () => {
    const collections = hub(2);
    const people = addLeaves(collections, 'Organization:bank', 'Person', 3);
    collections.take();
    collections.expand(PEOPLE);
    const expanded = collections.take();
    expect([...expanded.unfolded].sort()).toEqual([...people].sort());
    expect(expanded.removed).toEqual([PEOPLE]);
    expect(collections.expandedGroupOf(people[0] ?? '')).toBe(PEOPLE);

    const [late] = addLeaves(collections, 'Organization:bank', 'Person', 1);
    expect(collections.take().folded.size).toBe(0);

    collections.collapse(PEOPLE);
    const collapsed = collections.take();
    expect([...collapsed.folded.keys()].sort()).toEqual([...people, late].sort());
    expect(collapsed.upserted.map((summary) => summary.count)).toEqual([4]);
  });

  it('refolds every group when the threshold setting changes', () => {
    const collections = hub(8);
    addLeaves(collections, 'Organization:bank', 'Person', 5);
    expect(collections.take().folded.size).toBe(0);
    collections.setFoldAbove(4);
    expect(collections.take().folded.size).toBe(5);
    collections.setFoldAbove(5);
    const changes = collections.take();
    expect(changes.unfolded).toHaveLength(5);
    expect(changes.removed).toEqual([PEOPLE]);
  });

  it('removes the collection of a node that goes (merged into another) and forgets its leaves', () => {
    const collections = hub();
    addLeaves(collections, 'Organization:bank', 'Identifier', 3);
    collections.take();
    collections.removeNode('Organization:bank');
    const changes = collections.take();
    expect(changes.removed).toEqual([IDENTIFIERS]);
    // The identifiers are single nodes now, without any neighbour: drawn, and no longer folded.
    expect(changes.unfolded).toHaveLength(3);
    expect(collections.foldedCount()).toBe(0);
  });

  it('does not report a removed folded leaf as one to draw again', () => {
    const collections = hub();
    const ids = addLeaves(collections, 'Organization:bank', 'Identifier', 3);
    collections.take();
    collections.removeNode(ids[0] ?? '');
    const changes = collections.take();
    expect(changes.unfolded).toEqual([]);
    expect(changes.upserted.map((summary) => summary.count)).toEqual([2]);
    expect(collections.foldedCount()).toBe(2);
  });

  it('draws the collection edge toward the parent when most member edges point at it', () => {
    const collections = hub();
    for (let index = 0; index < 3; index += 1) {
      collections.addNode(`Organization:sub${index}`, 'Organization');
      collections.addEdge({
        id: `p${index}`,
        from: `Organization:sub${index}`,
        to: 'Organization:bank',
        relation: 'subsidiary_of',
        sources: ['GLEIF'],
      });
    }
    collections.setFoldAbove(2);
    expect(collections.take().upserted[0]?.towardParent).toBe(true);
  });

  it('counts each relation once per edge and lists the most frequent first', () => {
    const collections = hub(2);
    addLeaves(collections, 'Organization:bank', 'Person', 2, 'officer');
    addLeaves(collections, 'Organization:bank', 'Person', 1, 'director');
    const [summary] = collections.take().upserted;
    expect(summary?.relations).toEqual(['officer', 'director']);
    expect(collections.members(PEOPLE)).toHaveLength(3);
  });

  it('ignores an edge it already has', () => {
    const collections = hub(1);
    collections.addNode('Person:a', 'Person');
    collections.addNode('Person:b', 'Person');
    const edge = { id: 'same', from: 'Organization:bank', to: 'Person:a', relation: 'officer', sources: [] };
    collections.addEdge(edge);
    collections.addEdge(edge);
    collections.addEdge({ ...edge, id: 'b', to: 'Person:b' });
    expect(collections.take().upserted[0]?.relations).toEqual(['officer']);
    expect(collections.collection(PEOPLE)?.count).toBe(2);
  });
});

describe('collection labels', () => {
  it('says the count and the type in the plural', () => {
    expect(collectionLabel('Identifier', 12)).toBe('12 Identifiers');
    expect(collectionLabel('Person', 9)).toBe('9 People');
  });

  it('labels the edge with its relations and the count', () => {
    expect(collectionEdgeLabel({ relations: ['has_identifier'], count: 12 })).toBe('has_identifier ×12');
  });

  it('tells collection ids from entity ids', () => {
    expect(isCollectionId(collectionIdOf('Organization:x', 'Person'))).toBe(true);
    expect(isCollectionId('Organization:x')).toBe(false);
  });
});
