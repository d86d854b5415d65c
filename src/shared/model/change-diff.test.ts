import { describe, expect, it } from 'vitest';
import { foldChanges, type EdgeEnds } from './change-diff';
import type { RecordedChange } from './changes';

const at = '2026-11-29T00:00:00.000Z';
const run = 'run-2';
const edge = (from: string, relation: string, to: string): [string, EdgeEnds] => [
  `${from}|${relation}|${to}`,
  { from, relation, to },
];
const record = (line: Omit<RecordedChange, 'session' | 'at'>): RecordedChange => ({
  ...line,
  session: run,
  at,
});

describe('folding change records into diff lines', () => {
  it('makes one changed line of a relation that lost one target and gained another', () => {
    const edges = new Map([
      edge('DomainRecord:a.com', 'name_server', 'FQDN:ns1'),
      edge('DomainRecord:a.com', 'name_server', 'FQDN:ns9'),
    ]);
    const lines = foldChanges(
      [
        record({ change: 'added', entity: 'FQDN:ns9', source: 'RDAP' }),
        record({ change: 'added', edge: 'DomainRecord:a.com|name_server|FQDN:ns9', source: 'RDAP' }),
        record({ change: 'gone', edge: 'DomainRecord:a.com|name_server|FQDN:ns1', source: 'RDAP' }),
      ],
      edges,
    );
    expect(lines).toEqual([
      {
        change: 'changed',
        entity: 'DomainRecord:a.com',
        field: 'name_server',
        before: 'FQDN:ns1',
        after: 'FQDN:ns9',
        source: 'RDAP',
      },
    ]);
  });

  it('lists a lost link once, with what was said of its far end only through it', () => {
    const edges = new Map([
      edge('Organization:p', 'subsidiary', 'Organization:c'),
      edge('Organization:c', 'legal_address', 'Location:x'),
    ]);
    const lines = foldChanges(
      [
        record({ change: 'gone', edge: 'Organization:p|subsidiary|Organization:c', source: 'GLEIF' }),
        record({ change: 'gone', edge: 'Organization:c|legal_address|Location:x', source: 'GLEIF' }),
      ],
      edges,
    );
    expect(lines).toEqual([
      { change: 'gone', edge: 'Organization:p|subsidiary|Organization:c', source: 'GLEIF' },
    ]);
  });

  it('shows a new seed as one added entity and leaves out what hangs off it', () => {
    const edges = new Map([edge('Organization:new', 'id', 'Identifier:lei:x')]);
    const lines = foldChanges(
      [
        record({ change: 'added', entity: 'Organization:new', source: 'Investigator' }),
        record({ change: 'added', entity: 'Identifier:lei:x', source: 'GLEIF' }),
        record({ change: 'added', edge: 'Organization:new|id|Identifier:lei:x', source: 'GLEIF' }),
      ],
      edges,
      ['Organization:new'],
    );
    expect(lines).toEqual([{ change: 'added', entity: 'Organization:new', source: 'Investigator' }]);
  });

  it('keeps the first earlier and last later value of a field, and drops the reply-holding raw field', () => {
    const lines = foldChanges(
      [
        record({
          change: 'changed',
          entity: 'Organization:o',
          field: 'name',
          before: 'A',
          after: 'B',
          source: 'GLEIF',
        }),
        record({
          change: 'changed',
          entity: 'Organization:o',
          field: 'name',
          before: 'B',
          after: 'C',
          source: 'GLEIF',
        }),
        record({
          change: 'changed',
          entity: 'DomainRecord:a.com',
          field: 'raw',
          before: '{}',
          after: '{"x":1}',
          source: 'RDAP',
        }),
      ],
      new Map(),
    );
    expect(lines).toEqual([
      {
        change: 'changed',
        entity: 'Organization:o',
        field: 'name',
        before: 'A',
        after: 'C',
        source: 'GLEIF',
      },
    ]);
  });

  it('lists nothing when an edge went and came back in the window', () => {
    const edges = new Map([edge('Organization:p', 'subsidiary', 'Organization:c')]);
    const id = 'Organization:p|subsidiary|Organization:c';
    const lines = foldChanges(
      [
        { change: 'gone', edge: id, source: 'GLEIF', session: 'run-2', at: '2026-11-29T00:00:00.000Z' },
        { change: 'added', edge: id, source: 'GLEIF', session: 'run-3', at: '2026-11-29T01:00:00.000Z' },
      ],
      edges,
    );
    expect(lines).toEqual([]);
  });
});
