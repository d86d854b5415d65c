/**
 * A synthetic ownership tree written straight to a case file, as a script or a team member's
 * process leaves one: `count` Organizations ("Organization 17" is org-17), each the subsidiary of
 * the one at index floor((i - 1) / 4) (a 4-ary tree), stated by GLEIF. Used by the e2e specs and
 * the benches that open big cases.
 */
import { openCaseGraph } from '../../src/engine/graph/case-file';
import type { NodePositions } from '../../src/shared/ipc/contract';
import { entityIdOf } from '../../src/shared/model/asset';

export interface TreeCase {
  /** The case's name in the case list. */
  name: string;
  count: number;
  /** Extra asset fields of the organisation at `index`. */
  fieldsOf?: (index: number) => Record<string, string>;
  /** Stored positions, by index; without it the case is written without positions. */
  positionOf?: (index: number) => { x: number; y: number };
}

export function writeTreeCase(file: string, tree: TreeCase): void {
  const graph = openCaseGraph(file);
  const ids: string[] = [];
  const entities = [];
  for (let index = 0; index < tree.count; index += 1) {
    const asset = { unique_id: `org-${index}`, name: `Organization ${index}`, ...tree.fieldsOf?.(index) };
    entities.push({ type: 'Organization' as const, asset });
    ids.push(entityIdOf('Organization', asset));
  }
  const edges = ids
    .slice(1)
    .map((to, index) => ({ from: ids[Math.floor(index / 4)] ?? '', relation: 'subsidiary', to }));
  graph.applyNow({ entities, edges, dispatch: [] }, { source: { name: 'GLEIF', confidence: 100 } });
  const { positionOf } = tree;
  if (positionOf !== undefined) {
    const positions: NodePositions = Object.fromEntries(ids.map((id, index) => [id, positionOf(index)]));
    graph.savePositions(positions);
  }
  graph.setMeta('name', tree.name);
  graph.setMeta('createdAt', new Date().toISOString());
  void graph.close();
}
