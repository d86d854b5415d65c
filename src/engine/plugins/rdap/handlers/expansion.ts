/**
 * rdap/autnum and rdap/ipnet: a registration record expanded into its RDAP URL, WHOIS server and
 * contacts (with what their jCards say), from the reply the record keeps, else a new request.
 */
import type { AssetType, EntityId } from '../../../../shared/model/asset';
import {
  defineHandler,
  redispatchConfirmed,
  type ConfirmedEdges,
  type Findings,
  type HandlerContext,
} from '../../../core/plugin-api';
import { queryAutnum, queryNetwork, type RdapResources } from '../client';
import { expandPlan, planOffThread, type StoredReplyInput } from '../expand';
import { withoutBlanksOverStored } from './registration';

/** Relations a record's expansion writes from the record. */
const RECORD_RELATIONS = [
  'rdap_url',
  'whois_server',
  'registrant',
  'admin_contact',
  'abuse_contact',
  'technical_contact',
];

/** Relations the expansion writes from a ContactRecord. */
const CONTACT_RELATIONS = ['url', 'location', 'id', 'phone', 'person', 'organization'];

const EXPANSION_TRANSFORMS: AssetType[] = [
  'ContactRecord',
  'FQDN',
  'URL',
  'Person',
  'Organization',
  'Location',
  'Identifier',
  'Phone',
];

type ExpansionContext =
  HandlerContext<'AutnumRecord', RdapResources> | HandlerContext<'IPNetRecord', RdapResources>;

/**
 * The expansion of a record's kept reply: read on a compute worker (a reply may hold thousands
 * of contacts), then turned into findings here, where the graph is read. Null when none is kept.
 */
async function expandStoredReply(
  context: ExpansionContext,
  objectClass: StoredReplyInput['objectClass'],
): Promise<Findings | null> {
  const { entity, graph, resources, signal } = context;
  const raw = entity.asset.raw;
  if (raw === undefined || raw.trim() === '') {
    return null;
  }
  const plan = await planOffThread(resources.offThread, { raw, objectClass }, signal);
  return plan === undefined
    ? null
    : expandPlan(entity.id, plan, graph, (error) => context.recordFailure(error));
}

/**
 * The expansion of a fresh reply: read on a compute worker from the JSON text of the record just
 * made from it, like a kept one (that text is the checked reply, so it always parses).
 */
async function expandFreshReply(
  context: ExpansionContext,
  raw: string | undefined,
  objectClass: StoredReplyInput['objectClass'],
): Promise<Findings> {
  const { entity, graph, resources, signal } = context;
  const plan = (await planOffThread(resources.offThread, { raw, objectClass }, signal)) ?? {
    listed: 0,
    contacts: [],
  };
  return expandPlan(entity.id, plan, graph, (error) => context.recordFailure(error));
}

/** Lookup path of autnum/ipnet: what the expansion found within the TTL, dispatched again. */
function lookupExpansion(confirmed: ConfirmedEdges, recordId: EntityId): Findings | null {
  const found = redispatchConfirmed(confirmed, recordId, RECORD_RELATIONS, CONTACT_RELATIONS);
  return found.dispatch.length === 0 ? null : found;
}

export const autnumHandler = defineHandler<'AutnumRecord', RdapResources>({
  name: 'rdap/autnum',
  eventType: 'AutnumRecord',
  priority: 1,
  transforms: EXPANSION_TRANSFORMS,
  lookup: ({ confirmed, entity }) => lookupExpansion(confirmed, entity.id),
  // The record keeps the reply it was made from: expanding it costs no request.
  fromStoredReply: (context) => expandStoredReply(context, 'autnum'),
  async query(context) {
    const { entity, resources, signal, graph } = context;
    const record = entity.asset;
    // No reply kept (a record made elsewhere, or an old one): ask the registry again.
    const fresh = await queryAutnum(resources, record.number, signal);
    const findings = await expandFreshReply(context, fresh.raw, 'autnum');
    const refreshed = {
      ...withoutBlanksOverStored(graph, 'AutnumRecord', fresh),
      handle: record.handle,
    };
    return { ...findings, entities: [{ type: 'AutnumRecord', asset: refreshed }, ...findings.entities] };
  },
});

export const ipnetHandler = defineHandler<'IPNetRecord', RdapResources>({
  name: 'rdap/ipnet',
  eventType: 'IPNetRecord',
  priority: 1,
  transforms: EXPANSION_TRANSFORMS,
  lookup: ({ confirmed, entity }) => lookupExpansion(confirmed, entity.id),
  fromStoredReply: (context) => expandStoredReply(context, 'ip network'),
  async query(context) {
    const { entity, resources, signal, graph } = context;
    const record = entity.asset;
    const fresh = await queryNetwork(resources, { cidr: record.cidr, type: record.type }, signal);
    const findings = await expandFreshReply(context, fresh.raw, 'ip network');
    const refreshed = {
      ...withoutBlanksOverStored(graph, 'IPNetRecord', fresh),
      handle: record.handle,
    };
    return { ...findings, entities: [{ type: 'IPNetRecord', asset: refreshed }, ...findings.entities] };
  },
});
