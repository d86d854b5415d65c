import type { Core } from 'cytoscape';
import cytoscape from 'cytoscape';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Edge, Entity } from '../../shared/model/graph';
import { createAppStore } from '../store/app-store';
import type { LayoutInput, LayoutPositions } from './layouts/types';
import { mountCanvas } from './canvas-controller';
import { collectionIdOf } from './collections';

const stamp = { tags: [], createdAt: '', updatedAt: '' };

function bank(key = 'bank'): Entity {
  return {
    id: `Organization:${key}`,
    type: 'Organization',
    asset: { unique_id: key, name: `Bank ${key}` },
    ...stamp,
  };
}

function identifier(value: string): Entity {
  return {
    id: `Identifier:${value}`,
    type: 'Identifier',
    asset: { unique_id: `bic:${value}`, id: value, id_type: 'bic' },
    ...stamp,
  };
}

function link(from: string, to: string, relation = 'id'): Edge {
  return {
    id: `${from}|${relation}|${to}`,
    from,
    to,
    relation,
    sources: [{ name: 'GLEIF', confidence: 100, createdAt: '', updatedAt: '' }],
    properties: {},
    ...stamp,
  };
}

const IDS = collectionIdOf('Organization:bank', 'Identifier');

/** A bank with `count` identifiers. */
function family(count: number, prefix = 'ID') {
  const ids = Array.from({ length: count }, (_, index) => identifier(`${prefix}${index}`));
  return { entities: [bank(), ...ids], edges: ids.map((id) => link('Organization:bank', id.id)) };
}

/** The canvas on headless Cytoscape with frames, the clock and the worker run by the test. */
function setup() {
  vi.useFakeTimers();
  let time = 0;
  const frames: (() => void)[] = [];
  const cy: Core = cytoscape({ headless: true, styleEnabled: true });
  const store = createAppStore();
  store.getState().setActiveCase({ id: 'case-1', name: 'Case', createdAt: '', updatedAt: '', sizeBytes: 0 });
  const dataset: Record<string, string | undefined> = {};
  const saved: Record<string, { x: number; y: number }>[] = [];
  const layouts: LayoutInput[] = [];
  let finishLayout: (positions: LayoutPositions) => void = () => undefined;
  const mounted = mountCanvas({
    cy,
    dataset,
    store,
    savePositions: (positions) => saved.push(positions),
    startLayout: (input) => {
      layouts.push(input);
      return { done: new Promise((resolve) => (finishLayout = resolve)), stop: () => undefined };
    },
    onContextMenu: () => undefined,
    onLayoutState: () => undefined,
    theme: () => 'light',
    background: () => 'white',
    requestFrame: (callback) => frames.push(callback),
    cancelFrame: () => undefined,
    now: () => time,
  });
  const runFrames = (count: number): void => {
    for (let index = 0; index < count; index += 1) {
      time += 16;
      for (const callback of frames.splice(0)) {
        callback();
      }
    }
  };
  let seq = 1;
  const open = (entities: Entity[], edges: Edge[]): void => {
    store.getState().resetFromSnapshot({ seq, entities, edges }, {});
    runFrames(1);
  };
  const stream = (entities: Entity[], edges: Edge[]): void => {
    seq += 1;
    store.getState().applyGraphDelta({
      caseId: 'case-1',
      fromSeq: seq,
      delta: { seq, entities, edges, merged: [] },
    });
    runFrames(5);
  };
  const drawn = (id: string): boolean =>
    cy.getElementById(id).nonempty() && !cy.getElementById(id).hasClass('folded');
  const finish = async (positions: LayoutPositions): Promise<void> => {
    finishLayout(positions);
    await Promise.resolve();
    await Promise.resolve();
  };
  return { cy, store, dataset, saved, layouts, finish, controller: mounted.controller, open, stream, drawn };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('collections on the canvas', () => {
  it("folds a bank's identifiers into one node that says their type and count", () => {
    const { cy, open, drawn } = setup();
    const { entities, edges } = family(3);
    open(entities, edges);
    expect(cy.getElementById(IDS).data('label')).toBe('3 Identifiers');
    expect(cy.getElementById(`${IDS}|edge`).data('relation')).toBe('id ×3');
    expect(drawn('Identifier:ID0')).toBe(false);
  });

  it('counts a collection as one node and its members as entities on the canvas', () => {
    const { store, dataset, open } = setup();
    const { entities, edges } = family(3);
    open(entities, edges);
    expect(dataset.nodes).toBe('2');
    expect(dataset.edges).toBe('1');
    expect(dataset.entities).toBe(String(store.getState().entitiesById.size));
    expect(dataset.graphEdges).toBe(String(store.getState().edgesById.size));
  });

  it("finds an organisation by its id, not the collection whose id holds the organisation's", () => {
    const { store, open, controller } = setup();
    const { entities, edges } = family(3);
    open(entities, edges);
    expect(controller.search('Organization:bank').total).toBe(1);
    expect(store.getState().selectedId).toBe('Organization:bank');
  });

  it('selects a collection found by its label in the search', () => {
    const { store, open, controller } = setup();
    const { entities, edges } = family(3);
    open(entities, edges);
    expect(controller.search('3 identifiers').total).toBe(1);
    expect(store.getState().selectedCollectionId).toBe(IDS);
    expect(store.getState().selectedId).toBeUndefined();
  });

  it('adds a streamed identifier of the bank to its collection without drawing it', () => {
    const { cy, dataset, open, stream, drawn } = setup();
    const { entities, edges } = family(3);
    open(entities, edges);
    const late = identifier('LATE');
    stream([late], [link('Organization:bank', late.id)]);
    expect(drawn(late.id)).toBe(false);
    expect(cy.getElementById(IDS).data('label')).toBe('4 Identifiers');
    expect(dataset.entities).toBe('5');
  });

  it('draws a folded identifier again once a second node links to it', () => {
    const { cy, dataset, open, stream, drawn } = setup();
    const { entities, edges } = family(3);
    open(entities, edges);
    stream([bank('other')], [link('Organization:other', 'Identifier:ID1')]);
    expect(drawn('Identifier:ID1')).toBe(true);
    expect(cy.getElementById(IDS).data('label')).toBe('2 Identifiers');
    expect(dataset.nodes).toBe('4');
    expect(dataset.entities).toBe('5');
  });

  it('keeps counting drawn edges right as folded leaves gain, lose and share edges', () => {
    const { cy, dataset, open, stream } = setup();
    const { entities, edges } = family(3);
    open(entities, edges);
    // A second edge between the bank and a folded identifier is folded with it.
    stream([], [link('Organization:bank', 'Identifier:ID0', 'legal_name')]);
    stream([bank('other')], [link('Organization:other', 'Identifier:ID1')]);
    const drawnEdges = cy.edges().filter((edge) => !edge.hasClass('folded'));
    expect(dataset.edges).toBe(String(drawnEdges.length));
    expect(dataset.edges).toBe('3');
  });

  it('expands a collection on double click, around where it was, and collapses it back', () => {
    const { cy, dataset, open, controller, drawn } = setup();
    const { entities, edges } = family(3);
    open(entities, edges);
    const at = { ...cy.getElementById(IDS).position() };
    cy.getElementById(IDS).emit('dbltap');
    expect(cy.getElementById(IDS).empty()).toBe(true);
    expect(['Identifier:ID0', 'Identifier:ID1', 'Identifier:ID2'].every(drawn)).toBe(true);
    const member = cy.getElementById('Identifier:ID0').position();
    expect(Math.hypot(member.x - at.x, member.y - at.y)).toBeLessThan(200);
    expect(dataset.nodes).toBe('4');
    expect(controller.expandedGroupOf('Identifier:ID0')).toBe(IDS);

    controller.collapseCollection('Identifier:ID0');
    expect(drawn('Identifier:ID0')).toBe(false);
    expect(cy.getElementById(IDS).data('label')).toBe('3 Identifiers');
    expect(dataset.nodes).toBe('2');
  });

  it('spreads the members of a big collection evenly around it when expanded', () => {
    const { cy, open, controller } = setup();
    const { entities, edges } = family(200);
    open(entities, edges);
    const at = { ...cy.getElementById(IDS).position() };
    controller.expandCollection(IDS);
    const points = entities.slice(1).map((entity) => cy.getElementById(entity.id).position());
    let nearest = Number.POSITIVE_INFINITY;
    points.forEach((a, i) => {
      points.slice(i + 1).forEach((b) => {
        nearest = Math.min(nearest, Math.hypot(a.x - b.x, a.y - b.y));
      });
    });
    expect(nearest).toBeGreaterThan(34);
    const farthest = Math.max(...points.map((point) => Math.hypot(point.x - at.x, point.y - at.y)));
    expect(farthest).toBeLessThan(1_000);
  });

  it('selects a collection on click and lists its members for the details panel', () => {
    const { cy, store, open, controller } = setup();
    const { entities, edges } = family(2);
    open(entities, edges);
    cy.getElementById(IDS).emit('tap');
    expect(store.getState().selectedCollectionId).toBe(IDS);
    expect(store.getState().selectedId).toBeUndefined();
    expect(
      controller
        .collection(IDS)
        ?.members.map((member) => member.id)
        .sort(),
    ).toEqual(['Identifier:ID0', 'Identifier:ID1']);
  });

  it('draws a member selected from the list (or a search) by expanding its collection', () => {
    const { store, open, drawn } = setup();
    const { entities, edges } = family(3);
    open(entities, edges);
    store.getState().selectEntity('Identifier:ID2');
    expect(drawn('Identifier:ID2')).toBe(true);
  });

  it('highlights the collection that holds a search hit, and draws the hit when stepped to', () => {
    const { cy, open, controller, drawn } = setup();
    open(
      [bank(), identifier('DEUTDEFF'), identifier('COBADEFF')],
      [link('Organization:bank', 'Identifier:DEUTDEFF'), link('Organization:bank', 'Identifier:COBADEFF')],
    );
    expect(drawn('Identifier:DEUTDEFF')).toBe(false);
    const found = controller.search('deutdeff');
    expect(found.total).toBe(1);
    expect(drawn('Identifier:DEUTDEFF')).toBe(true);
    expect(cy.getElementById('Identifier:DEUTDEFF').hasClass('search-hit')).toBe(true);
  });

  it('finds an edge folded into a collection by its note, draws it when stepped to and opens it', () => {
    const { store, open, controller, drawn } = setup();
    const noted = {
      ...link('Organization:bank', 'Identifier:DEUTDEFF'),
      notes: [{ text: 'checked with the registry', author: 'ana', createdAt: '' }],
    };
    open(
      [bank(), identifier('DEUTDEFF'), identifier('COBADEFF')],
      [noted, link('Organization:bank', 'Identifier:COBADEFF')],
    );
    expect(drawn('Identifier:DEUTDEFF')).toBe(false);
    expect(controller.search('registry').total).toBe(1);
    expect(drawn('Identifier:DEUTDEFF')).toBe(true);
    expect(store.getState().selectedEdgeId).toBe(noted.id);
  });

  it('lands a search on the drawn node before an equally good hit folded in a collection', () => {
    const { store, open, controller, drawn } = setup();
    const holder: Entity = {
      id: 'Organization:bank',
      type: 'Organization',
      asset: { unique_id: 'bank', name: 'Zeta DEUTDEFF' },
      ...stamp,
    };
    open(
      [holder, identifier('DEUTDEFF'), identifier('COBADEFF')],
      [link('Organization:bank', 'Identifier:DEUTDEFF'), link('Organization:bank', 'Identifier:COBADEFF')],
    );
    // Both labels contain the text ("bic:DEUTDEFF" sorts first by label): the drawn one wins.
    expect(controller.search('deutdeff')).toEqual({ index: 0, total: 2 });
    expect(store.getState().selectedId).toBe('Organization:bank');
    expect(drawn('Identifier:DEUTDEFF')).toBe(false);
  });

  it('refolds when the threshold setting changes', () => {
    const { cy, store, open } = setup();
    const people = Array.from({ length: 4 }, (_, index) => ({
      id: `Person:p${index}`,
      type: 'Person' as const,
      asset: { unique_id: `p${index}`, full_name: `P ${index}` },
      ...stamp,
    }));
    open(
      [bank(), ...people],
      people.map((person) => link('Organization:bank', person.id, 'officer')),
    );
    expect(cy.nodes('.collection')).toHaveLength(0);
    store.getState().setSettings({
      path: 'x',
      values: {
        endpoints: { gleif: '', companydata: '', rdapBootstrap: '', whoisIana: '' },
        ttlDefault: '24h',
        depth: 2,
        pivots: true,
        foldAbove: 3,
      },
    });
    expect(cy.getElementById(collectionIdOf('Organization:bank', 'Person')).data('label')).toBe('4 People');
  });

  it('lays a collection out as one node and never saves its position with the case', () => {
    const { cy, saved, layouts, open, controller } = setup();
    const { entities, edges } = family(3);
    open(entities, edges);
    cy.getElementById(IDS).position({ x: 400, y: 400 }).emit('dragfree');
    controller.relayout('grid');
    expect(layouts[0]?.nodes.map((node) => node.id).sort()).toEqual([IDS, 'Organization:bank'].sort());
    vi.advanceTimersByTime(5_000);
    expect(saved.some((positions) => IDS in positions)).toBe(false);
    expect(saved.some((positions) => 'Identifier:ID0' in positions)).toBe(true);
  });

  it('moves folded members with their collection when a re-layout finishes', async () => {
    const { cy, open, controller, finish } = setup();
    const { entities, edges } = family(3);
    open(entities, edges);
    controller.relayout('grid');
    await finish({ 'Organization:bank': { x: 0, y: 0 }, [IDS]: { x: 5_000, y: 5_000 } });
    const member = cy.getElementById('Identifier:ID1').position();
    expect(Math.hypot(member.x - 5_000, member.y - 5_000)).toBeLessThan(200);
  });

  it('never folds identifiers proposed by matches awaiting review', () => {
    const { open, drawn } = setup();
    const ids = [identifier('A'), identifier('B'), identifier('C')];
    const candidate = (to: string): Edge => ({
      ...link('Organization:bank', to),
      properties: { review: 'pending', score: 80 },
    });
    open(
      [bank(), ...ids],
      ids.map((id) => candidate(id.id)),
    );
    expect(ids.every((id) => drawn(id.id))).toBe(true);
  });

  it('exports the collection, not its folded members, as SVG', () => {
    const { open, controller } = setup();
    const { entities, edges } = family(3);
    open(entities, edges);
    const svg = controller.svg();
    expect(svg).toContain('3 Identifiers');
    expect(svg).not.toContain('ID0');
  });
});

describe('collections under an id filter', () => {
  it('hides a collection when every member it folds is hidden by id, and shows it again when one is not', () => {
    const { cy, store, open } = setup();
    const { entities, edges } = family(3);
    open(entities, edges);
    const memberIds = entities.filter((entity) => entity.type === 'Identifier').map((entity) => entity.id);
    const filter = (hiddenIds: string[]): void =>
      store
        .getState()
        .setFilters({ hiddenIds: new Set(hiddenIds), hiddenTypes: new Set(), hiddenSources: new Set() });
    filter(memberIds);
    expect(cy.getElementById(IDS).hasClass('filtered')).toBe(true);
    filter(memberIds.slice(1));
    expect(cy.getElementById(IDS).hasClass('filtered')).toBe(false);
  });
});
