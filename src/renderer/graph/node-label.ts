/**
 * Labels an investigator can read: a name wherever one exists, never a URL when a name does. Most
 * types label themselves (assetLabel); a contact record is labelled from its neighbours: its role
 * (from the record's edge to it, e.g. `registrant_contact`, or the `#role` of its key) and the name
 * of the organisation or person it links to: "Registrant · Google LLC". A URL drops its scheme.
 * Labels are cut to MAX_LABEL characters (the full text is in the details panel).
 */
import type { EntityId } from '../../shared/model/asset';
import { assetLabel } from '../../shared/model/asset';
import type { Edge, Entity } from '../../shared/model/graph';

export const MAX_LABEL = 48;

/** The graph around an entity: the edges touching it, with the entity at their other end. */
export interface LabelContext {
  entity(id: EntityId): Entity | undefined;
  links(id: EntityId): { relation: string; outgoing: boolean; other: Entity | undefined }[];
}

/** No neighbours known: every type labels itself. */
export const NO_CONTEXT: LabelContext = { entity: () => undefined, links: () => [] };

interface GraphMaps {
  entitiesById: ReadonlyMap<EntityId, Entity>;
  edgesById: ReadonlyMap<string, Edge>;
  edgeIdsByEntity: ReadonlyMap<EntityId, ReadonlySet<string>>;
}

/**
 * The store's graph as a label context (adjacency index: O(degree) per entity). Read through a
 * getter, because a snapshot replaces the store's maps.
 */
export function labelContextOf(current: () => GraphMaps): LabelContext {
  return {
    entity: (id) => current().entitiesById.get(id),
    links: (id) => {
      const graph = current();
      const links: ReturnType<LabelContext['links']> = [];
      for (const edgeId of graph.edgeIdsByEntity.get(id) ?? []) {
        const edge = graph.edgesById.get(edgeId);
        if (edge !== undefined) {
          const outgoing = edge.from === id;
          links.push({
            relation: edge.relation,
            outgoing,
            other: graph.entitiesById.get(outgoing ? edge.to : edge.from),
          });
        }
      }
      return links;
    },
  };
}

/** Types whose label depends on their neighbours (relabelled when an edge touching them arrives). */
export const CONTEXT_LABELLED = new Set<Entity['type']>(['ContactRecord']);

const ROLE_WORDS: Record<string, string> = {
  admin: 'Administrative',
  administrative: 'Administrative',
  tech: 'Technical',
  technical: 'Technical',
  registrant: 'Registrant',
  registrar: 'Registrar',
  abuse: 'Abuse',
  billing: 'Billing',
  noc: 'NOC',
};

function roleName(word: string): string {
  const key = word.toLowerCase().replace(/_contact$/, '');
  return ROLE_WORDS[key] ?? key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');
}

function shortUrl(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/\/$/, '');
}

function contactLabel(entity: Entity & { type: 'ContactRecord' }, context: LabelContext): string {
  const links = context.links(entity.id);
  const roleLink = links.find(
    (link) =>
      !link.outgoing && /_contact$|^(registrant|abuse|technical|administrative|billing)$/.test(link.relation),
  );
  const fragment = /#([a-z_]+)$/i.exec(entity.asset.discovered_at)?.[1];
  const role =
    roleLink !== undefined
      ? roleName(roleLink.relation)
      : fragment !== undefined
        ? roleName(fragment)
        : 'Contact';
  const named =
    links.find((link) => link.outgoing && link.other?.type === 'Organization')?.other ??
    links.find((link) => link.outgoing && link.other?.type === 'Person')?.other;
  if (named !== undefined) {
    return `${role} · ${assetLabel(named)}`;
  }
  // No name yet: the handle at the end of the key (an RDAP entity link ends in it).
  const handle = /\/([^/#?]+)\/?(?:[#?].*)?$/.exec(entity.asset.discovered_at)?.[1];
  return handle === undefined || /^[^/]*\.[a-z]{2,}$/i.test(handle)
    ? role
    : `${role} · ${decodeURIComponent(handle)}`;
}

/** The label before it is cut to MAX_LABEL: what search matches (a long name is found by all of it). */
export function fullReadableLabel(entity: Entity, context: LabelContext): string {
  return entity.type === 'ContactRecord'
    ? contactLabel(entity, context)
    : entity.type === 'URL'
      ? shortUrl(entity.asset.url)
      : assetLabel(entity);
}

export function readableLabel(entity: Entity, context: LabelContext): string {
  const label = fullReadableLabel(entity, context);
  return label.length > MAX_LABEL ? `${label.slice(0, MAX_LABEL - 1)}…` : label;
}
