import { describe, expect, it } from 'vitest';
import type { Edge, Entity } from '../../shared/model/graph';
import { labelContextOf, NO_CONTEXT, readableLabel } from './node-label';

const stamp = { tags: [], createdAt: '', updatedAt: '' };

function contact(key: string): Entity {
  return { id: `ContactRecord:${key}`, type: 'ContactRecord', asset: { discovered_at: key }, ...stamp };
}
const google: Entity = {
  id: 'Organization:google',
  type: 'Organization',
  asset: { unique_id: 'google', name: 'Google LLC' },
  ...stamp,
};
const jane: Entity = {
  id: 'Person:jane',
  type: 'Person',
  asset: { unique_id: 'jane', full_name: 'Jane Roe' },
  ...stamp,
};
const domain: Entity = {
  id: 'DomainRecord:example.com',
  type: 'DomainRecord',
  asset: { domain: 'example.com' },
  ...stamp,
};

function edge(from: Entity, relation: string, to: Entity): Edge {
  return {
    id: `${from.id}|${relation}|${to.id}`,
    from: from.id,
    to: to.id,
    relation,
    sources: [],
    properties: {},
    ...stamp,
  };
}

function contextOf(entities: Entity[], edges: Edge[]) {
  const entitiesById = new Map(entities.map((entity) => [entity.id, entity]));
  const edgesById = new Map(edges.map((item) => [item.id, item]));
  const edgeIdsByEntity = new Map<string, Set<string>>();
  for (const item of edges) {
    for (const end of [item.from, item.to]) {
      edgeIdsByEntity.set(end, new Set([...(edgeIdsByEntity.get(end) ?? []), item.id]));
    }
  }
  return labelContextOf(() => ({ entitiesById, edgesById, edgeIdsByEntity }));
}

describe('readable node labels', () => {
  it('labels a contact with its role and the organisation it names, never its URL', () => {
    const record = contact('https://rdap.arin.net/registry/entity/GOGL');
    const context = contextOf(
      [domain, record, google],
      [edge(domain, 'registrant_contact', record), edge(record, 'organization', google)],
    );
    expect(readableLabel(record, context)).toBe('Registrant · Google LLC');
  });

  it('names a contact by its person when no organisation is linked', () => {
    const record = contact('whois://whois.example/example.com#technical');
    const context = contextOf(
      [domain, record, jane],
      [edge(domain, 'technical_contact', record), edge(record, 'person', jane)],
    );
    expect(readableLabel(record, context)).toBe('Technical · Jane Roe');
  });

  it('takes the role from the key and the handle from its path before any name is known', () => {
    expect(readableLabel(contact('https://rdap.arin.net/registry/entity/ABUSE5250-ARIN'), NO_CONTEXT)).toBe(
      'Contact · ABUSE5250-ARIN',
    );
    expect(readableLabel(contact('whois://whois.example/example.com#admin'), NO_CONTEXT)).toBe(
      'Administrative',
    );
  });

  it('drops the scheme of a URL', () => {
    const url: Entity = {
      id: 'URL:x',
      type: 'URL',
      asset: {
        url: 'https://www.example.com/about/',
        scheme: 'https',
        host: 'www.example.com',
        path: '/about/',
      },
      ...stamp,
    };
    expect(readableLabel(url, NO_CONTEXT)).toBe('www.example.com/about');
  });

  it('cuts a long label with an ellipsis', () => {
    const long: Entity = { ...google, asset: { unique_id: 'g', name: 'A'.repeat(80) } };
    expect(readableLabel(long, NO_CONTEXT)).toHaveLength(48);
  });
});
