/**
 * The shared organization creator: finds the Organization a name (and LEI) already stands for in
 * the case graph, or creates it, so that one company found through several paths is one node.
 * It reads the graph only and never calls a source (the reference spends registry requests here).
 */
import { entityIdOf, type EntityId } from '../../shared/model/asset';
import { normalizeOrganizationName } from '../../shared/model/seed';
import type { FindingsBuilder } from '../graph/findings';
import type { GraphReader } from '../graph/types';
import { isNameMatch, organizationNames } from './name-match';

export interface OrganizationInput {
  name: string;
  /** The registry's legal name; it sets the identity and is stored lower-cased in `legal_name`. */
  legalName?: string;
  /** The LEI code (without the `lei:` prefix), when the caller knows it. */
  lei?: string;
  /** The entity the organization was found from (an Organization or a ContactRecord). */
  context?: EntityId;
  /** The relation to add from `context` to the organization, e.g. `subsidiary` or `organization`. */
  relation?: string;
}

/** The entity id of the LEI Identifier `lei:<LEI>`. */
export function leiIdentifierId(lei: string): EntityId {
  const code = lei.trim().toUpperCase();
  return entityIdOf('Identifier', { unique_id: `lei:${code}`, id: code, id_type: 'lei' });
}

/** The Organization linked by an `id` edge to the LEI Identifier, if any. */
export function findOrganizationByLei(graph: GraphReader, lei: string): EntityId | undefined {
  return graph
    .incoming(leiIdentifierId(lei), { relations: ['id'] })
    .find((neighbour) => neighbour.entity.type === 'Organization')?.entity.id;
}

/** The LEI codes an Organization holds through its `id` edges. */
export function organizationLeis(graph: GraphReader, orgId: EntityId): string[] {
  const codes: string[] = [];
  for (const { entity } of graph.outgoing(orgId, { relations: ['id'] })) {
    if (entity.type === 'Identifier' && entity.asset.id_type === 'lei') {
      codes.push(entity.asset.id.toUpperCase());
    }
  }
  return codes;
}

/**
 * Returns the id of the Organization for `input`, adding it to `builder` only when it is new.
 * Order: (a) the Organization holding the LEI; (b) a name-matching neighbour of the context
 * (`subsidiary` edges either way for an Organization, the `organization` edge of a ContactRecord);
 * (c) the Organization whose `unique_id` is the normalised (legal) name; else a new one. A
 * candidate holding a different LEI than `input.lei` is another legal entity and never chosen;
 * when such an entity already owns the normalised name, the new one's `unique_id` gets the LEI
 * appended. Adds `context -relation-> org` when both are given and differ. The caller links the
 * LEI Identifier itself. Throws on a blank name.
 */
export function createOrganization(
  graph: GraphReader,
  builder: FindingsBuilder,
  input: OrganizationInput,
): EntityId {
  const name = input.name.trim();
  if (name === '') {
    throw new Error('an organization needs a name');
  }
  const legalName = input.legalName?.trim() === '' ? undefined : input.legalName?.trim();
  const lei = input.lei?.trim() === '' ? undefined : input.lei?.trim().toUpperCase();
  const names = legalName === undefined ? [name] : [name, legalName];
  const compatible = (orgId: EntityId): boolean => {
    const held = lei === undefined ? [] : organizationLeis(graph, orgId);
    return held.length === 0 || held.includes(lei ?? '');
  };

  let orgId = lei === undefined ? undefined : findOrganizationByLei(graph, lei);
  if (orgId === undefined && input.context !== undefined) {
    orgId = findByContext(graph, input.context, names, compatible);
  }
  if (orgId === undefined) {
    const base = normalizeOrganizationName(legalName ?? name) || name.normalize('NFKC').toLowerCase();
    const byName = entityIdOf('Organization', { unique_id: base, name });
    const existing = graph.findEntity(byName);
    if (existing !== undefined && compatible(byName)) {
      orgId = byName;
    } else {
      const uniqueId = existing === undefined ? base : `${base} ${(lei ?? '').toLowerCase()}`;
      orgId = builder.entity('Organization', {
        unique_id: uniqueId,
        name,
        ...(legalName === undefined ? {} : { legal_name: legalName.toLowerCase() }),
      });
    }
  }
  if (input.context !== undefined && input.relation !== undefined && orgId !== input.context) {
    builder.edge(input.context, input.relation, orgId);
  }
  return orgId;
}

function findByContext(
  graph: GraphReader,
  context: EntityId,
  names: string[],
  compatible: (orgId: EntityId) => boolean,
): EntityId | undefined {
  const entity = graph.findEntity(context);
  let candidates: EntityId[] = [];
  if (entity?.type === 'Organization') {
    candidates = [
      ...graph.outgoing(context, { relations: ['subsidiary'] }),
      ...graph.incoming(context, { relations: ['subsidiary'] }),
    ].map((neighbour) => neighbour.entity.id);
  } else if (entity?.type === 'ContactRecord') {
    candidates = graph
      .outgoing(context, { relations: ['organization'] })
      .map((neighbour) => neighbour.entity.id);
  }
  return candidates.find(
    (id) =>
      graph.findEntity(id)?.type === 'Organization' &&
      compatible(id) &&
      isNameMatch(organizationNames(graph, id), names),
  );
}
