/** The hierarchy handler (relatedOrgs): an LEI Identifier to its Organization's parent and children. */
import type { EntityId } from '../../../../shared/model/asset';
import { createOrganization } from '../../../support/organization';
import {
  FindingsBuilder,
  defineHandler,
  type Findings,
  type GraphReader,
  type HandlerContext,
  type Neighbour,
} from '../../../core/plugin-api';
import type { LeiRecord } from '../wire';
import { createPacer } from '../../../util/pace';
import { holdsLei } from '../review';
import { addLeiRecordFindings, type OrganizationRef } from '../mapping';
import { findDirectParent, getLeiRecord, listDirectChildren, type GleifResources } from '../client';

type Context = HandlerContext<'Identifier', GleifResources>;

/** Score on the `id` edge of an Organization created from its own registry record. */
const REGISTRY_RECORD_MATCH = { score: 100, matchType: 'known' } as const;

/** The Organization holding an LEI Identifier, whoever linked them. */
function holderOf(graph: GraphReader, leiId: EntityId): EntityId | undefined {
  return organizationAmong(graph.incoming(leiId, { relations: ['id'] }));
}

/** The Organization that holds the LEI; a pending or rejected candidate does not (review.ts). */
function organizationAmong(neighbours: Neighbour[]): EntityId | undefined {
  return neighbours.find((neighbour) => neighbour.entity.type === 'Organization' && holdsLei(neighbour.edge))
    ?.entity.id;
}

/**
 * Lookup path: the Organization holding the LEI, its parent (incoming `subsidiary`) and children
 * (outgoing `subsidiary`), all through edges GLEIF confirmed within the TTL.
 */
function lookup(context: Context): Findings | null {
  const { confirmed } = context;
  const orgId = organizationAmong(confirmed.incoming(context.entity.id, ['id']));
  if (orgId === undefined) {
    return null;
  }
  const builder = new FindingsBuilder().dispatch(orgId);
  for (const { entity } of confirmed.incoming(orgId, ['subsidiary'])) {
    builder.dispatch(entity.id);
  }
  for (const { entity } of confirmed.outgoing(orgId, ['subsidiary'])) {
    builder.dispatch(entity.id);
  }
  return builder.build();
}

/** The Organization's key and name, from this write or from the graph. */
function organizationRef(graph: GraphReader, builder: FindingsBuilder, orgId: EntityId): OrganizationRef {
  const added = builder.addedEntity(orgId);
  if (added?.type === 'Organization') {
    return { unique_id: added.asset.unique_id, name: added.asset.name };
  }
  const entity = graph.findEntity(orgId);
  if (entity?.type === 'Organization') {
    return { unique_id: entity.asset.unique_id, name: entity.asset.name };
  }
  throw new Error(`organization ${orgId} is neither in the graph nor in this write`);
}

/** Creates (or finds) the Organization of a record and applies the record mapping to it. */
function addRecordOrganization(
  graph: GraphReader,
  builder: FindingsBuilder,
  record: LeiRecord,
  placement: { context?: EntityId; relation?: string },
): EntityId {
  const orgId = createOrganization(graph, builder, {
    name: record.legalName,
    legalName: record.legalName,
    lei: record.lei,
    ...placement,
  });
  addLeiRecordFindings(builder, organizationRef(graph, builder, orgId), record, REGISTRY_RECORD_MATCH);
  return orgId;
}

async function query(context: Context): Promise<Findings> {
  const { graph, resources } = context;
  const { http } = resources;
  const lei = context.entity.asset.id.trim().toUpperCase();
  const builder = new FindingsBuilder();

  let orgId = holderOf(graph, context.entity.id);
  if (orgId === undefined) {
    // An LEI seed: the company comes from its own record, then its family as usual.
    const record = await getLeiRecord(http, lei);
    orgId = addRecordOrganization(graph, builder, record, {});
    builder.dispatch(orgId);
  }

  const parent = await findDirectParent(http, lei);
  const children = await listDirectChildren(http, lei, resources.baseUrl);

  if (parent !== null && parent.lei !== lei) {
    const parentId = addRecordOrganization(graph, builder, parent, { context: orgId });
    if (parentId !== orgId) {
      builder.edge(parentId, 'subsidiary', orgId);
      builder.dispatch(parentId);
    }
  }
  const pace = createPacer();
  for (const child of children.records) {
    await pace();
    if (child.lei === lei || child.lei === parent?.lei) {
      continue;
    }
    const childId = addRecordOrganization(graph, builder, child, { context: orgId, relation: 'subsidiary' });
    if (childId !== orgId) {
      builder.dispatch(childId);
    }
  }
  if (children.failure !== undefined) {
    context.recordFailure(children.failure);
  }
  return builder.build();
}

export const relatedOrgsHandler = defineHandler<'Identifier', GleifResources>({
  name: 'gleif/related-orgs',
  eventType: 'Identifier',
  priority: 5,
  transforms: ['Organization'],
  accepts: (asset) => asset.id_type === 'lei',
  lookup,
  query,
});
