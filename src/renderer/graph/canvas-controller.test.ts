import cytoscape from 'cytoscape';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Edge, Entity } from '../../shared/model/graph';
import { createAppStore } from '../store/app-store';
import type { LayoutState, RunningLayout } from './canvas-controller';
import { mountCanvas } from './canvas-controller';
import { LEAN_CLASS } from './cy-style';
import type { LayoutInput, LayoutPositions } from './layouts/types';

function organization(id: string): Entity {
  return {
    id: `Organization:${id}`,
    type: 'Organization',
    asset: { unique_id: id, name: `Org ${id}` },
    tags: [],
    createdAt: '',
    updatedAt: '',
  };
}

function subsidiary(from: string, to: string): Edge {
  return {
    id: `Organization:${from}|subsidiary|Organization:${to}`,
    from: `Organization:${from}`,
    to: `Organization:${to}`,
    relation: 'subsidiary',
    sources: [{ name: 'GLEIF', confidence: 100, createdAt: '', updatedAt: '' }],
    properties: {},
    createdAt: '',
    updatedAt: '',
  };
}

/** A re-layout whose end the test decides. */
function manualLayout() {
  const started: { input: LayoutInput; finish: (positions: LayoutPositions | undefined) => void }[] = [];
  const start = (input: LayoutInput): RunningLayout => {
    let finish: (positions: LayoutPositions | undefined) => void = () => undefined;
    const done = new Promise<LayoutPositions | undefined>((resolve) => {
      finish = resolve;
    });
    started.push({ input, finish });
    return { done, stop: () => finish(undefined) };
  };
  return { started, start };
}

/** The canvas on headless Cytoscape, with frames and the clock run by the test. */
function setup() {
  vi.useFakeTimers();
  let time = 0;
  const frames: (() => void)[] = [];
  const cy = cytoscape({ headless: true, styleEnabled: true });
  const store = createAppStore();
  store.getState().setActiveCase({ id: 'case-1', name: 'Case', createdAt: '', updatedAt: '', sizeBytes: 0 });
  const dataset: Record<string, string | undefined> = {};
  const saved: Record<string, { x: number; y: number }>[] = [];
  const layouts = manualLayout();
  const layoutStates: LayoutState[] = [];
  const mounted = mountCanvas({
    cy,
    dataset,
    store,
    savePositions: (positions) => saved.push(positions),
    startLayout: layouts.start,
    onContextMenu: () => undefined,
    onLayoutState: (state) => layoutStates.push(state),
    theme: () => 'light',
    background: () => 'white',
    requestFrame: (callback) => frames.push(callback),
    cancelFrame: () => undefined,
    now: () => time,
  });
  const runFrames = (count: number, advanceMs = 16): void => {
    for (let index = 0; index < count; index += 1) {
      time += advanceMs;
      for (const callback of frames.splice(0)) {
        callback();
      }
    }
  };
  let seq = 0;
  const stream = (entities: Entity[], edges: Edge[]): void => {
    const fromSeq = seq + 1;
    seq += 1;
    store
      .getState()
      .applyGraphDelta({ caseId: 'case-1', fromSeq, delta: { seq, entities, edges, merged: [] } });
  };
  const open = (entities: Entity[], edges: Edge[], positions = {}): void => {
    seq = 1;
    store.getState().resetFromSnapshot({ seq, entities, edges }, positions);
    runFrames(1);
  };
  return { cy, store, dataset, saved, layouts, layoutStates, mounted, runFrames, stream, open };
}

afterEach(() => {
  vi.useRealTimers();
});

/** A root with `count` children, as entities and edges. */
function family(count: number, prefix = 'c') {
  const entities = [organization('root')];
  const edges: Edge[] = [];
  for (let index = 0; index < count; index += 1) {
    entities.push(organization(`${prefix}${index}`));
    edges.push(subsidiary('root', `${prefix}${index}`));
  }
  return { entities, edges };
}

/** A chain of organisations (no leaves to fold): `count` nodes, `count - 1` edges. */
function chain(count: number, from = 0) {
  const entities: Entity[] = [];
  const edges: Edge[] = [];
  for (let index = from; index < from + count; index += 1) {
    entities.push(organization(`k${index}`));
    if (index > 0) {
      edges.push(subsidiary(`k${index - 1}`, `k${index}`));
    }
  }
  return { entities, edges };
}

describe('the canvas controller', () => {
  it('gives every element of a case opened above 1,500 nodes the lean look at once', () => {
    const { cy, open } = setup();
    const { entities, edges } = chain(1_600);
    open(entities, edges);
    expect(cy.elements().not(`.${LEAN_CLASS}`)).toHaveLength(0);
  });

  it('switches a graph that grows past 1,500 nodes to the lean look: new elements at once, the others a slice per frame', () => {
    const { cy, open, stream, runFrames } = setup();
    const before = chain(1_450);
    open(before.entities, before.edges);
    // A case the overview draws is loaded in steps (snapshot-loader.ts).
    runFrames(30);
    expect(cy.nodes()).toHaveLength(1_450);
    expect(cy.elements(`.${LEAN_CLASS}`)).toHaveLength(0);
    const more = chain(100, 1_450);
    stream(more.entities, more.edges);
    runFrames(2);
    const arrived = cy.nodes().filter((node) => Number(node.id().split(':k')[1]) >= 1_450);
    expect(arrived.nonempty()).toBe(true);
    expect(arrived.not(`.${LEAN_CLASS}`)).toHaveLength(0);
    expect(cy.getElementById('Organization:k0').hasClass(LEAN_CLASS)).toBe(false);
    runFrames(30);
    expect(cy.elements().not(`.${LEAN_CLASS}`)).toHaveLength(0);
  });

  it('draws an opened case and publishes its counts on the canvas element', () => {
    const { dataset, open } = setup();
    const { entities, edges } = family(3);
    open(entities, edges);
    expect(dataset.nodes).toBe('4');
    expect(dataset.edges).toBe('3');
    expect(dataset.entities).toBe('4');
  });

  it('publishes exact counts once a streamed burst is drawn (counts are thinned out while it draws)', () => {
    const { dataset, open, stream, runFrames } = setup();
    open([organization('root')], []);
    const { entities, edges } = family(1_000, 'burst');
    stream(entities.slice(1), edges);
    runFrames(60, 20);
    // The 1,000 siblings fold into one collection: two nodes drawn, every entity represented.
    expect(dataset.nodes).toBe('2');
    expect(dataset.entities).toBe('1001');
    expect(dataset.graphEdges).toBe('1000');
  });

  it('draws a case of more than 2,000 entities in steps over several frames, ending with every entity and edge where it was saved', () => {
    const { cy, dataset, runFrames, open } = setup();
    const { entities, edges } = chain(5_000);
    const positions = Object.fromEntries(
      entities.map((entity, index) => [entity.id, { x: index * 10, y: 0 }]),
    );
    open(entities, edges, positions);
    // The click's task draws nothing: positions and the preview come first, a frame each.
    expect(cy.nodes().length).toBe(0);
    runFrames(3);
    const firstStep = cy.nodes().length;
    expect(firstStep).toBeGreaterThan(0);
    expect(firstStep).toBeLessThan(5_000);
    runFrames(30);
    expect(cy.nodes().length).toBe(5_000);
    expect(cy.edges().length).toBe(4_999);
    expect(cy.getElementById('Organization:k4321').position()).toEqual({ x: 43_210, y: 0 });
    expect(dataset.entities).toBe('5000');
  });

  it('holds results streamed while a big case is still being drawn and draws them after it', () => {
    const { cy, runFrames, open, stream } = setup();
    const { entities, edges } = chain(5_000);
    open(entities, edges);
    stream([organization('late')], [subsidiary('k4999', 'late')]);
    runFrames(40);
    expect(cy.nodes().length).toBe(5_001);
    expect(cy.getElementById('Organization:k4999|subsidiary|Organization:late').nonempty()).toBe(true);
  });

  it('draws streamed results once frames run', () => {
    const { cy, open, stream, runFrames } = setup();
    open([organization('root')], []);
    stream([organization('a')], [subsidiary('root', 'a')]);
    runFrames(3);
    expect(cy.getElementById('Organization:a').nonempty()).toBe(true);
    expect(cy.edges()).toHaveLength(1);
  });

  it('never loses results streamed into a big graph while the user pans and zooms', () => {
    const { cy, open, stream, runFrames } = setup();
    const { entities, edges } = family(1_600);
    open(entities, edges);
    for (let batch = 0; batch < 20; batch += 1) {
      const more = family(50, `b${batch}-`);
      stream(more.entities.slice(1), more.edges);
      runFrames(1);
      // The user drags the canvas on every frame while results arrive.
      cy.emit('dragpan');
      cy.pan({ x: batch * 10, y: 0 });
      runFrames(1);
    }
    runFrames(200, 50);
    // Every entity and edge is on the canvas (the root's leaves folded into one collection).
    expect(cy.nodes().not('.collection')).toHaveLength(1 + 1_600 + 20 * 50);
    expect(cy.edges().not('.collection-edge')).toHaveLength(1_600 + 20 * 50);
  });

  it('lays out a case opened without stored positions in the worker, saves it, and offers no undo for it', async () => {
    const { cy, open, layouts, saved, layoutStates, dataset } = setup();
    const { entities, edges } = family(3);
    open(entities, edges);
    expect(layouts.started).toHaveLength(1);
    expect(layouts.started[0]?.input.kind).toBe('force');
    expect(dataset.layout).toBe('force');
    layouts.started[0]?.finish({
      'Organization:root': { x: 0, y: 0 },
      'Organization:c0': { x: 80, y: 0 },
      'Organization:c1': { x: 0, y: 80 },
      'Organization:c2': { x: -80, y: 0 },
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(cy.getElementById('Organization:c2').position()).toEqual({ x: -80, y: 0 });
    expect(dataset.layout).toBe('idle');
    expect(layoutStates.at(-1)).toEqual({ running: undefined, canUndo: false, applied: 'force' });
    vi.advanceTimersByTime(2_000);
    expect(saved.at(-1)?.['Organization:c2']).toEqual({ x: -80, y: 0 });
  });

  it('leaves a case opened with its stored positions where it was', () => {
    const { open, layouts } = setup();
    const { entities, edges } = family(3);
    open(entities, edges, {
      'Organization:root': { x: 0, y: 0 },
      'Organization:c0': { x: 90, y: 0 },
      'Organization:c1': { x: 0, y: 90 },
    });
    expect(layouts.started).toHaveLength(0);
  });

  it('moves nodes only when a re-layout finishes, and saves the new positions then', async () => {
    const { cy, open, layouts, saved, mounted } = setup();
    const { entities, edges } = family(2);
    open(entities, edges, {
      'Organization:root': { x: 0, y: 0 },
      'Organization:c0': { x: 90, y: 0 },
      'Organization:c1': { x: 0, y: 90 },
    });
    vi.advanceTimersByTime(2_000);
    saved.length = 0;
    mounted.controller.relayout('grid');
    expect(layouts.started[0]?.input.kind).toBe('grid');
    expect(cy.getElementById('Organization:root').position()).toEqual({ x: 0, y: 0 });
    layouts.started[0]?.finish({
      'Organization:root': { x: 500, y: 500 },
      'Organization:c0': { x: 600, y: 500 },
      'Organization:c1': { x: 700, y: 500 },
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(cy.getElementById('Organization:root').position()).toEqual({ x: 500, y: 500 });
    vi.advanceTimersByTime(2_000);
    expect(saved.at(-1)?.['Organization:root']).toEqual({ x: 500, y: 500 });
  });

  it('moves nothing when a re-layout is stopped', async () => {
    const { cy, open, layouts, mounted, layoutStates } = setup();
    open([organization('root')], [], { 'Organization:root': { x: 1, y: 2 } });
    mounted.controller.relayout('force');
    mounted.controller.stopLayout();
    layouts.started[0]?.finish({ 'Organization:root': { x: 900, y: 900 } });
    await Promise.resolve();
    await Promise.resolve();
    expect(cy.getElementById('Organization:root').position()).toEqual({ x: 1, y: 2 });
    expect(layoutStates.at(-1)).toEqual({ running: undefined, canUndo: false, applied: undefined });
  });

  it('puts every node back where it was when a re-layout is undone', async () => {
    const { cy, open, layouts, mounted, layoutStates } = setup();
    open([organization('root')], [], { 'Organization:root': { x: 1, y: 2 } });
    mounted.controller.relayout('concentric');
    layouts.started[0]?.finish({ 'Organization:root': { x: 900, y: 900 } });
    await Promise.resolve();
    await Promise.resolve();
    expect(layoutStates.at(-1)).toEqual({ running: undefined, canUndo: true, applied: 'concentric' });
    mounted.controller.undoLayout();
    expect(cy.getElementById('Organization:root').position()).toEqual({ x: 1, y: 2 });
    expect(layoutStates.at(-1)).toEqual({ running: undefined, canUndo: false, applied: undefined });
  });

  it('places nodes that arrived during a re-layout next to their laid-out neighbours', async () => {
    const { cy, open, layouts, mounted, stream, runFrames } = setup();
    open([organization('root')], [], { 'Organization:root': { x: 0, y: 0 } });
    mounted.controller.relayout('force');
    stream([organization('late')], [subsidiary('root', 'late')]);
    runFrames(3);
    layouts.started[0]?.finish({ 'Organization:root': { x: 5_000, y: 5_000 } });
    await Promise.resolve();
    await Promise.resolve();
    const late = cy.getElementById('Organization:late').position();
    expect(Math.hypot(late.x - 5_000, late.y - 5_000)).toBeLessThan(400);
  });

  it('hides filtered types and still counts every entity it draws', () => {
    const { cy, store, dataset, open } = setup();
    open([organization('root')], []);
    store.getState().toggleType('Organization');
    expect(cy.getElementById('Organization:root').hasClass('filtered')).toBe(true);
    expect(dataset.visibleNodes).toBe('0');
    expect(dataset.entities).toBe('1');
  });

  it('highlights every search hit, selects the best, and steps to the next and previous', () => {
    const { cy, store, open, mounted } = setup();
    open([organization('Old Quay'), organization('Quay Holdings'), organization('Quay')], []);
    // Labels are "Org <name>": the exact name first, then the one it starts, then the one containing it.
    expect(mounted.controller.search('org quay holdings')).toEqual({ index: 0, total: 1 });
    expect(mounted.controller.search('quay')).toEqual({ index: 0, total: 3 });
    expect(cy.nodes('.search-hit')).toHaveLength(3);
    expect(store.getState().selectedId).toBe('Organization:Old Quay');
    expect(mounted.controller.searchStep(1)).toEqual({ index: 1, total: 3 });
    expect(store.getState().selectedId).toBe('Organization:Quay');
    expect(mounted.controller.searchStep(1).index).toBe(2);
    expect(mounted.controller.searchStep(1).index).toBe(0);
    expect(mounted.controller.searchStep(-1).index).toBe(2);
  });

  it('finds an edge by the note on it, highlights it and opens its details', () => {
    const { cy, store, open, mounted } = setup();
    const noted = {
      ...subsidiary('root', 'c1'),
      notes: [{ text: 'Paid through the Cayman vehicle', author: 'ana', createdAt: '' }],
    };
    open([organization('root'), organization('c0'), organization('c1')], [subsidiary('root', 'c0'), noted]);
    expect(mounted.controller.search('cayman')).toEqual({ index: 0, total: 1 });
    expect(cy.getElementById(noted.id).hasClass('search-hit')).toBe(true);
    expect(store.getState().selectedEdgeId).toBe(noted.id);
    expect(mounted.controller.search('subsidiary')).toEqual({ index: -1, total: 0 });
  });

  it('publishes where the selected node is drawn, following the camera, and nothing when none is', () => {
    const { cy, store, dataset, open } = setup();
    const { entities, edges } = family(2);
    open(entities, edges);
    const where = (): string => {
      const { x, y } = cy.getElementById('Organization:c1').renderedPosition();
      return `${Math.round(x)},${Math.round(y)}`;
    };
    store.getState().selectEntity('Organization:c1');
    expect(dataset.selectedPosition).toBe(where());
    cy.panBy({ x: 120, y: -45 });
    expect(dataset.selectedPosition).toBe(where());
    store.getState().selectEntity(undefined);
    expect(dataset.selectedPosition).toBeUndefined();
  });

  it('finds a node by the whole of a long name its drawn label cuts short', () => {
    const { store, open, mounted } = setup();
    const long = 'Lantern Quay International Maritime Freight Forwarding Holdings';
    open([organization(long), organization('Lantern Quay International')], []);
    expect(mounted.controller.search(`org ${long}`)).toEqual({ index: 0, total: 1 });
    expect(store.getState().selectedId).toBe(`Organization:${long}`);
  });

  it('exports the visible nodes and edges as SVG, leaving filtered ones out', () => {
    const { store, open, mounted } = setup();
    const { entities, edges } = family(2);
    open(entities, edges);
    store.getState().hideEntity('Organization:c1');
    const svg = mounted.controller.svg();
    expect(svg.match(/<title>Organization<\/title><\/path>/g)).toHaveLength(2);
    expect(svg.match(/<line /g)).toHaveLength(1);
  });

  it('relabels a contact once the organisation it names arrives', () => {
    const { cy, open, stream, runFrames } = setup();
    const record: Entity = {
      id: 'ContactRecord:k',
      type: 'ContactRecord',
      asset: { discovered_at: 'whois://whois.example/example.com#registrant' },
      tags: [],
      createdAt: '',
      updatedAt: '',
    };
    open([record], []);
    expect(cy.getElementById('ContactRecord:k').data('label')).toBe('Registrant');
    const link: Edge = {
      ...subsidiary('x', 'y'),
      id: 'link',
      from: record.id,
      to: 'Organization:g',
      relation: 'organization',
    };
    stream([organization('g')], [link]);
    runFrames(3);
    expect(cy.getElementById('ContactRecord:k').data('label')).toBe('Registrant · Org g');
  });

  it('selects an edge when it is clicked, and a node again when one is clicked', () => {
    const { cy, store, open } = setup();
    const { entities, edges } = family(1);
    open(entities, edges);
    const edgeId = edges[0]?.id ?? '';
    cy.getElementById(edgeId).emit('tap');
    expect(store.getState().selectedEdgeId).toBe(edgeId);
    expect(cy.getElementById(edgeId).selected()).toBe(true);
    cy.getElementById('Organization:root').emit('tap');
    expect(store.getState().selectedEdgeId).toBeUndefined();
    expect(store.getState().selectedId).toBe('Organization:root');
  });

  it('marks a node whose lookup failed until the user retries it', () => {
    const { cy, store, open } = setup();
    open([organization('root')], []);
    store.getState().updateProgress({
      sessionId: 's1',
      state: 'done',
      queued: 0,
      running: 0,
      done: 0,
      failed: 1,
      cacheHits: 0,
      requestsBySource: {},
      rateLimitWaitMsBySource: {},
      sourcesNeedingKey: [],
      failures: [
        {
          at: '2025-01-01T00:00:00.000Z',
          entityId: 'Organization:root',
          assetType: 'Organization',
          handler: 'gleif-search',
          source: 'GLEIF',
          code: 'http_status',
          message: 'HTTP 500',
        },
      ],
      startedAt: '2025-01-01T00:00:00.000Z',
    });
    expect(cy.getElementById('Organization:root').hasClass('lookup-failed')).toBe(true);
    store.getState().markRetried('Organization:root', '2025-01-01T00:01:00.000Z');
    expect(cy.getElementById('Organization:root').hasClass('lookup-failed')).toBe(false);
  });

  it('says "No results for <seed>" when a run ends and its seed found nothing', () => {
    const { store, open } = setup();
    open([organization('Nothing Ltd')], []);
    store.getState().setSessionSeeds('s1', [{ id: 'Organization:Nothing Ltd', text: 'Nothing Ltd' }]);
    const progress = {
      sessionId: 's1',
      state: 'running' as const,
      queued: 0,
      running: 0,
      done: 0,
      failed: 0,
      cacheHits: 0,
      requestsBySource: {},
      rateLimitWaitMsBySource: {},
      sourcesNeedingKey: [],
      failures: [],
      startedAt: '',
    };
    store.getState().updateProgress(progress);
    store.getState().setCurrentSession('s1');
    expect(store.getState().notice).toBeUndefined();
    store.getState().updateProgress({ ...progress, state: 'done' });
    // The notice belongs to the case open when it was raised.
    expect(store.getState().notice).toEqual({
      kind: 'info',
      text: 'No results for Nothing Ltd',
      caseId: 'case-1',
    });
  });
});
