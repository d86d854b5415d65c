import { describe, expect, it } from 'vitest';
import { FindingsBuilder } from '../graph/findings';
import { MemoryGraph } from '../../../test/fixtures/support/memory-graph';
import { createOrganization, findOrganizationByLei, leiIdentifierId } from './organization';

const LEI = 'INR2EJN1ERAN0W5ZP974';

function graphWithLeiOrganization(): { graph: MemoryGraph; orgId: string } {
  const graph = new MemoryGraph();
  const orgId = graph.add({
    type: 'Organization',
    asset: { unique_id: 'microsoft corporation', name: 'Microsoft Corporation' },
  });
  const lei = graph.add({ type: 'Identifier', asset: { unique_id: `lei:${LEI}`, id: LEI, id_type: 'lei' } });
  graph.link(orgId, 'id', lei);
  return { graph, orgId };
}

describe('createOrganization', () => {
  it('returns the organization already holding the LEI, whatever its name', () => {
    const { graph, orgId } = graphWithLeiOrganization();
    const builder = new FindingsBuilder();
    expect(createOrganization(graph, builder, { name: 'MSFT', lei: LEI.toLowerCase() })).toBe(orgId);
    expect(builder.build().entities).toEqual([]);
  });

  it('finds the LEI identifier by its case-insensitive entity id', () => {
    const { graph, orgId } = graphWithLeiOrganization();
    expect(leiIdentifierId(LEI)).toBe(`Identifier:lei:${LEI.toLowerCase()}`);
    expect(findOrganizationByLei(graph, LEI)).toBe(orgId);
  });

  it('reuses a subsidiary of the context organization whose name matches', () => {
    const graph = new MemoryGraph();
    const parent = graph.add({
      type: 'Organization',
      asset: { unique_id: 'microsoft corporation', name: 'Microsoft Corporation' },
    });
    const child = graph.add({
      type: 'Organization',
      asset: { unique_id: 'github inc', name: 'GitHub, Inc.' },
    });
    graph.link(parent, 'subsidiary', child);
    const builder = new FindingsBuilder();
    const id = createOrganization(graph, builder, {
      name: 'GITHUB, INC.',
      context: parent,
      relation: 'subsidiary',
    });
    expect(id).toBe(child);
    expect(builder.build().entities).toEqual([]);
  });

  it('reuses the parent of the context organization through the incoming subsidiary edge', () => {
    const graph = new MemoryGraph();
    const parent = graph.add({ type: 'Organization', asset: { unique_id: 'apple inc', name: 'Apple Inc.' } });
    const child = graph.add({
      type: 'Organization',
      asset: { unique_id: 'apple energy llc', name: 'Apple Energy LLC' },
    });
    graph.link(parent, 'subsidiary', child);
    expect(createOrganization(graph, new FindingsBuilder(), { name: 'Apple Inc', context: child })).toBe(
      parent,
    );
  });

  it('skips a name-matching neighbour that holds a different LEI', () => {
    const { graph, orgId } = graphWithLeiOrganization();
    const context = graph.add({ type: 'Organization', asset: { unique_id: 'holding', name: 'Holding' } });
    graph.link(context, 'subsidiary', orgId);
    const builder = new FindingsBuilder();
    const id = createOrganization(graph, builder, {
      name: 'Microsoft Corporation',
      lei: '549300AAAAAAAAAAAA00',
      context,
    });
    expect(id).not.toBe(orgId);
    expect(builder.build().entities).toEqual([
      {
        type: 'Organization',
        asset: { unique_id: 'microsoft corporation 549300aaaaaaaaaaaa00', name: 'Microsoft Corporation' },
      },
    ]);
  });

  it('reuses the organization a contact record points at when the names match', () => {
    const graph = new MemoryGraph();
    const record = graph.add({
      type: 'ContactRecord',
      asset: { discovered_at: 'whois://whois.example/acme.example#registrant' },
    });
    const org = graph.add({
      type: 'Organization',
      asset: { unique_id: 'acme widgets ltd', name: 'Acme Widgets Ltd' },
    });
    graph.link(record, 'organization', org);
    const builder = new FindingsBuilder();
    expect(
      createOrganization(graph, builder, { name: 'ACME WIDGETS', context: record, relation: 'organization' }),
    ).toBe(org);
    // the edge already exists in the graph; writing it again is an idempotent upsert
    expect(builder.build().edges).toEqual([{ from: record, relation: 'organization', to: org }]);
  });

  it('does not reuse a neighbour whose names do not match', () => {
    const graph = new MemoryGraph();
    const record = graph.add({ type: 'ContactRecord', asset: { discovered_at: 'rdap-handle:X-1' } });
    const org = graph.add({
      type: 'Organization',
      asset: { unique_id: 'registrar llc', name: 'Registrar LLC' },
    });
    graph.link(record, 'organization', org);
    const id = createOrganization(graph, new FindingsBuilder(), {
      name: 'Totally Different Corp',
      context: record,
    });
    expect(id).toBe('Organization:totally different corp');
  });

  it('reuses the organization whose unique_id is the normalised name', () => {
    const graph = new MemoryGraph();
    const org = graph.add({
      type: 'Organization',
      asset: { unique_id: 'microsoft corporation', name: 'Microsoft Corporation' },
    });
    const builder = new FindingsBuilder();
    expect(createOrganization(graph, builder, { name: 'MICROSOFT CORPORATION.' })).toBe(org);
    expect(builder.build().entities).toEqual([]);
  });

  it('keys a new organization by its normalised legal name and stores the legal name lower-cased', () => {
    const builder = new FindingsBuilder();
    const id = createOrganization(new MemoryGraph(), builder, { name: 'Shell', legalName: 'Shell plc' });
    expect(id).toBe('Organization:shell plc');
    expect(builder.build().entities).toEqual([
      { type: 'Organization', asset: { unique_id: 'shell plc', name: 'Shell', legal_name: 'shell plc' } },
    ]);
  });

  it('creates one organization when nothing matches and adds no edge without a context', () => {
    const builder = new FindingsBuilder();
    const id = createOrganization(new MemoryGraph(), builder, { name: 'Société Générale' });
    expect(id).toBe('Organization:société générale');
    expect(builder.build().entities).toHaveLength(1);
    expect(builder.build().edges).toEqual([]);
  });

  it('adds the context relation edge to a new organization', () => {
    const graph = new MemoryGraph();
    const parent = graph.add({ type: 'Organization', asset: { unique_id: 'apple inc', name: 'Apple Inc.' } });
    const builder = new FindingsBuilder();
    const id = createOrganization(graph, builder, {
      name: 'Apple Energy LLC',
      context: parent,
      relation: 'subsidiary',
    });
    expect(builder.build().edges).toEqual([{ from: parent, relation: 'subsidiary', to: id }]);
  });

  it('adds no edge from an organization to itself', () => {
    const { graph, orgId } = graphWithLeiOrganization();
    const builder = new FindingsBuilder();
    createOrganization(graph, builder, {
      name: 'Microsoft',
      lei: LEI,
      context: orgId,
      relation: 'subsidiary',
    });
    expect(builder.build().edges).toEqual([]);
  });

  it('rejects a blank name', () => {
    expect(() => createOrganization(new MemoryGraph(), new FindingsBuilder(), { name: '  ' })).toThrow(
      /name/,
    );
  });
});
