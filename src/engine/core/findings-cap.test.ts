import { describe, expect, it } from 'vitest';
import type { EntityId } from '../../shared/model/asset';
import type { Entity } from '../../shared/model/graph';
import { FindingsBuilder } from '../graph/findings';
import type { GraphReader } from '../graph/types';
import { capFindings } from './findings-cap';

/** A graph that holds only the given ids (the cap asks nothing else of it). */
function graphHolding(...ids: string[]): GraphReader {
  return {
    findEntity: (id) => (ids.includes(id) ? ({ id } as Entity) : undefined),
    outgoing: () => [],
    incoming: () => [],
    isMonitoredSince: () => false,
  };
}

const STORED = 'Organization:stored' as EntityId;

function identifiers(count: number): FindingsBuilder {
  const builder = new FindingsBuilder();
  for (let index = 0; index < count; index += 1) {
    const id = builder.entity('Identifier', {
      unique_id: `test:${index}`,
      id: String(index),
      id_type: 'test' as never,
    });
    builder.edge(STORED, 'id', id).dispatch(id);
  }
  return builder;
}

describe('capFindings', () => {
  it('returns findings at or under the cap unchanged', () => {
    const findings = identifiers(3).build();
    expect(capFindings(findings, graphHolding(STORED), 3)).toEqual({ findings });
  });

  it('counts an entity stated twice once', () => {
    const builder = identifiers(3);
    builder.entity('Identifier', { unique_id: 'test:0', id: '0', id_type: 'test' as never });
    expect(capFindings(builder.build(), graphHolding(STORED), 3).dropped).toBeUndefined();
  });

  it('keeps the first entities in order, and the edges and dispatches that touch only kept or stored ones', () => {
    const capped = capFindings(identifiers(5).build(), graphHolding(STORED), 2);
    expect(capped.dropped).toEqual({ returned: 5, kept: 2 });
    expect(capped.findings.entities.map((item) => item.asset)).toMatchObject([{ id: '0' }, { id: '1' }]);
    expect(capped.findings.edges.map((edge) => [edge.from, edge.to])).toEqual([
      [STORED, 'Identifier:test:0'],
      [STORED, 'Identifier:test:1'],
    ]);
    expect(capped.findings.dispatch).toEqual(['Identifier:test:0', 'Identifier:test:1']);
  });

  it('drops an edge whose other end is neither kept nor stored', () => {
    const capped = capFindings(identifiers(3).build(), graphHolding(), 1);
    expect(capped.findings.edges).toEqual([]);
  });

  it('reads a stored entity the edges start from once, however many edges there are', () => {
    const graph = graphHolding(STORED);
    const reads: string[] = [];
    const counting: GraphReader = {
      ...graph,
      findEntity: (id) => {
        reads.push(id);
        return graph.findEntity(id);
      },
    };
    capFindings(identifiers(2000).build(), counting, 10);
    expect(reads).toEqual([STORED]);
  });
});
