/**
 * Benchmark: collections on headless Cytoscape (Node). Prints (1) what folding leaves drawn on a
 * graph shaped like an ownership family (every organisation with its identifiers, some with many
 * officers), and (2) the cost of one streamed leaf delta next to a collection of 100 and of
 * 10,000 members, for the folding rules alone (O(delta): both sizes cost the same) and on the
 * canvas against the same adapter without collections (there Cytoscape's own add next to a node
 * of high degree grows with the degree, folded or not). Figures only; it never fails on speed.
 */
import { performance } from 'node:perf_hooks';
import cytoscape from 'cytoscape';
import type { Edge, Entity, GraphDelta } from '../src/shared/model/graph';
import { createCollectionView } from '../src/renderer/graph/collection-view';
import { createCollections } from '../src/renderer/graph/collections';
import { createCyAdapter } from '../src/renderer/graph/cy-adapter';

// CI smoke-runs every benchmark on small inputs (BENCH_SMALL=1, or CI set).
const SMALL = process.env.BENCH_SMALL === '1' || process.env.CI !== undefined;
const ORGANIZATIONS = SMALL ? 200 : 2_500;
const IDENTIFIERS_EACH = 4;
const OFFICERS_EACH_TENTH = 20;
const BIG_GROUP = SMALL ? 1_000 : 10_000;
const DELTAS = SMALL ? 50 : 500;

const stamp = { tags: [], createdAt: '', updatedAt: '' };
const source = [{ name: 'GLEIF', confidence: 100, createdAt: '', updatedAt: '' }];

function organization(key: string): Entity {
  return { id: `Organization:${key}`, type: 'Organization', asset: { unique_id: key, name: key }, ...stamp };
}

function identifier(key: string): Entity {
  return {
    id: `Identifier:${key}`,
    type: 'Identifier',
    asset: { unique_id: `bic:${key}`, id: key, id_type: 'bic' },
    ...stamp,
  };
}

function person(key: string): Entity {
  return { id: `Person:${key}`, type: 'Person', asset: { unique_id: key, full_name: key }, ...stamp };
}

function edge(from: string, to: string, relation: string): Edge {
  return { id: `${from}|${relation}|${to}`, from, to, relation, sources: source, properties: {}, ...stamp };
}

/** An ownership tree of organisations, each with identifiers; every tenth with many officers. */
function family(): { entities: Entity[]; edges: Edge[] } {
  const entities: Entity[] = [];
  const edges: Edge[] = [];
  for (let index = 0; index < ORGANIZATIONS; index += 1) {
    const org = organization(`org-${index}`);
    entities.push(org);
    if (index > 0) {
      edges.push(edge(`Organization:org-${Math.floor((index - 1) / 4)}`, org.id, 'subsidiary'));
    }
    for (let id = 0; id < IDENTIFIERS_EACH; id += 1) {
      const leaf = identifier(`${index}-${id}`);
      entities.push(leaf);
      edges.push(edge(org.id, leaf.id, 'id'));
    }
    if (index % 10 === 0) {
      for (let officer = 0; officer < OFFICERS_EACH_TENTH; officer += 1) {
        const leaf = person(`${index}-${officer}`);
        entities.push(leaf);
        edges.push(edge(org.id, leaf.id, 'officer'));
      }
    }
  }
  return { entities, edges };
}

function canvas(withCollections: boolean) {
  const cy = cytoscape({ headless: true, styleEnabled: false });
  const view = createCollectionView(cy, () => undefined);
  const adapter = withCollections
    ? createCyAdapter(cy, undefined, (change) => view.onDrawn(change))
    : createCyAdapter(cy);
  return { cy, view, adapter };
}

/** Milliseconds to draw the family as a snapshot (one batch), with or without collections. */
function snapshotMs(withCollections: boolean): number {
  const { entities, edges } = family();
  const { adapter } = canvas(withCollections);
  const start = performance.now();
  adapter.reset(entities, edges, {});
  return performance.now() - start;
}

function reduction(): void {
  const { entities, edges } = family();
  const { view, adapter } = canvas(true);
  adapter.reset(entities, edges, {});
  const counts = view.counts();
  console.log(
    `family of ${entities.length} entities / ${edges.length} edges: drawn ${counts.nodes} nodes / ${counts.edges} edges ` +
      `(${((Number(counts.nodes) / entities.length) * 100).toFixed(1)} % of the nodes); represented ${counts.entities} entities`,
  );
}

/** Mean milliseconds per one-leaf delta next to a hub that already has `groupSize` leaves. */
function perDelta(groupSize: number, withCollections: boolean): number {
  const { adapter } = canvas(withCollections);
  const hub = organization('hub');
  const leaves = Array.from({ length: groupSize }, (_, index) => identifier(`g${index}`));
  adapter.reset(
    [hub, ...leaves],
    leaves.map((leaf) => edge(hub.id, leaf.id, 'id')),
    {},
  );
  const deltas: GraphDelta[] = Array.from({ length: DELTAS }, (_, index) => {
    const leaf = identifier(`late-${index}`);
    return { seq: index + 2, entities: [leaf], edges: [edge(hub.id, leaf.id, 'id')], merged: [] };
  });
  const start = performance.now();
  for (const delta of deltas) {
    adapter.applyDeltas([delta]);
  }
  return (performance.now() - start) / DELTAS;
}

/** The folding rules alone (no Cytoscape): mean milliseconds per one-leaf delta and take(). */
function rulesPerDelta(groupSize: number): number {
  const rules = createCollections();
  rules.addNode('hub', 'Organization');
  const link = (id: string): void => {
    rules.addNode(id, 'Identifier');
    rules.addEdge({ id, from: 'hub', to: id, relation: 'id', sources: ['GLEIF'] });
  };
  for (let index = 0; index < groupSize; index += 1) {
    link(`g${index}`);
  }
  rules.take();
  const start = performance.now();
  for (let index = 0; index < DELTAS; index += 1) {
    link(`late-${index}`);
    rules.take();
  }
  return (performance.now() - start) / DELTAS;
}

/** The fastest of three interleaved runs (the machine is shared: the minimum is the cost). */
function fastest(groupSize: number, withCollections: boolean): number {
  return Math.min(...[0, 1, 2].map(() => perDelta(groupSize, withCollections)));
}

reduction();
const folded = Math.min(snapshotMs(true), snapshotMs(true));
const unfolded = Math.min(snapshotMs(false), snapshotMs(false));
console.log(
  `snapshot of the family (headless, no style): ${folded.toFixed(0)} ms folded, ` +
    `${unfolded.toFixed(0)} ms without collections (x${(folded / unfolded).toFixed(2)})`,
);
const rules = [100, BIG_GROUP].map((size) => Math.min(...[0, 1, 2].map(() => rulesPerDelta(size))));
console.log(
  `folding rules alone, one-leaf delta: group of 100 ${rules[0]?.toFixed(4)} ms, ` +
    `group of ${BIG_GROUP} ${rules[1]?.toFixed(4)} ms`,
);
const runs = [100, BIG_GROUP].map((size) => ({
  size,
  folded: fastest(size, true),
  baseline: fastest(size, false),
}));
for (const { size, folded, baseline } of runs) {
  console.log(
    `one-leaf delta next to a group of ${size}: ${folded.toFixed(3)} ms folded, ` +
      `${baseline.toFixed(3)} ms without collections (x${(folded / baseline).toFixed(2)})`,
  );
}
const [first, last] = runs;
if (first !== undefined && last !== undefined) {
  console.log(`group of ${last.size} vs 100, folded: x${(last.folded / first.folded).toFixed(2)}`);
}
