import { describe, expect, it } from 'vitest';
import { MemoryGraph } from '../../../test/fixtures/support/memory-graph';
import {
  locationMatch,
  nameMatch,
  normalizePostalCode,
  organizationNames,
  organizationPostalCodes,
} from './name-match';

describe('nameMatch', () => {
  it('puts case-insensitively equal candidates in exact', () => {
    expect(nameMatch(['Microsoft Corporation'], ['MICROSOFT CORPORATION'])).toEqual({
      exact: ['MICROSOFT CORPORATION'],
      partial: [],
    });
  });

  it('puts candidates scoring at least 0.85 but not equal in partial', () => {
    expect(nameMatch(['Microsoft'], ['Microsoft Ireland Operations Limited'])).toEqual({
      exact: [],
      partial: ['Microsoft Ireland Operations Limited'],
    });
  });

  it('leaves dissimilar candidates out of both lists', () => {
    expect(nameMatch(['Microsoft'], ['Macrohard Ltd'])).toEqual({ exact: [], partial: [] });
  });

  it('counts a name equal to two of the organisation names once', () => {
    const result = nameMatch(['Microsoft Corporation', 'microsoft corporation'], ['Microsoft Corporation']);
    expect(result.exact).toEqual(['Microsoft Corporation']);
  });

  it('counts repeated candidates once, keeping the first spelling', () => {
    const result = nameMatch(['Acme'], ['ACME', 'acme', 'Acme Widgets', 'acme widgets']);
    expect(result).toEqual({ exact: ['ACME'], partial: ['Acme Widgets'] });
  });

  it('never matches empty names or candidates', () => {
    expect(nameMatch([''], [''])).toEqual({ exact: [], partial: [] });
    expect(nameMatch(['Acme'], ['  '])).toEqual({ exact: [], partial: [] });
  });
});

describe('organizationNames', () => {
  it('collects name, legal name and org_name/legal_name identifiers, distinct', () => {
    const graph = new MemoryGraph();
    const org = graph.add({
      type: 'Organization',
      asset: { unique_id: 'github inc', name: 'GitHub', legal_name: 'github, inc.' },
    });
    const alias = graph.add({
      type: 'Identifier',
      asset: { unique_id: 'org_name:github', id: 'github', id_type: 'org_name' },
    });
    const legal = graph.add({
      type: 'Identifier',
      asset: { unique_id: 'legal_name:github, inc.', id: 'github, inc.', id_type: 'legal_name' },
    });
    const other = graph.add({
      type: 'Identifier',
      asset: { unique_id: 'lei:ABC', id: 'ABC', id_type: 'lei' },
    });
    graph.link(org, 'id', alias).link(org, 'id', legal).link(org, 'id', other);
    expect(organizationNames(graph, org)).toEqual(['GitHub', 'github, inc.']);
  });

  it('gives no names for an unknown id', () => {
    expect(organizationNames(new MemoryGraph(), 'Organization:nobody')).toEqual([]);
  });
});

describe('locationMatch', () => {
  it('matches postal codes ignoring case and spaces', () => {
    expect(locationMatch(['sw1a 1aa'], 'SW1A1AA')).toBe(true);
    expect(locationMatch(['98052-6399'], '98052-6399')).toBe(true);
  });

  it('does not match different postal codes', () => {
    expect(locationMatch(['98052'], '98053')).toBe(false);
  });

  it('never matches an empty or missing record postal code', () => {
    expect(locationMatch([''], '')).toBe(false);
    expect(locationMatch(['', '98052'], undefined)).toBe(false);
    expect(locationMatch([' '], ' ')).toBe(false);
  });

  it('normalises full-width digits', () => {
    expect(normalizePostalCode('１００-０００５')).toBe('100-0005');
  });
});

describe('organizationPostalCodes', () => {
  it('reads the postal codes of address Locations and of contact-record Locations', () => {
    const graph = new MemoryGraph();
    const org = graph.add({ type: 'Organization', asset: { unique_id: 'acme', name: 'Acme' } });
    const legal = graph.add({
      type: 'Location',
      asset: { address: 'A 1 Town 11111 US', city: 'Town', postal_code: '11111' },
    });
    const hq = graph.add({
      type: 'Location',
      asset: { address: 'B 2 Town 22222 US', city: 'Town', postal_code: '22222' },
    });
    const noCode = graph.add({ type: 'Location', asset: { address: 'C Town', city: 'Town' } });
    const record = graph.add({
      type: 'ContactRecord',
      asset: { discovered_at: 'whois://x/acme.example#registrant' },
    });
    const contactPlace = graph.add({
      type: 'Location',
      asset: { address: 'D 4 Town 44444 US', city: 'Town', postal_code: '44444' },
    });
    graph
      .link(org, 'legal_address', legal)
      .link(org, 'hq_address', hq)
      .link(org, 'location', noCode)
      .link(org, 'location', legal)
      .link(record, 'organization', org)
      .link(record, 'location', contactPlace);
    expect(organizationPostalCodes(graph, org)).toEqual(['11111', '22222', '44444']);
  });
});
