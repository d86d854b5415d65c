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
} from '../../../core/plugin-api';
import { queryAutnum, queryNetwork, readStoredReply, type RdapResources } from '../client';
import { expandRecord } from '../expand';
import { buildAutnumRecord, buildIpNetRecord } from '../mapping';
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
  fromStoredReply(context) {
    const { entity, graph } = context;
    const stored = readStoredReply(entity.asset.raw, 'autnum');
    return stored === undefined
      ? null
      : expandRecord(entity.id, stored, graph, (error) => context.recordFailure(error));
  },
  async query(context) {
    const { entity, resources, signal, graph } = context;
    const record = entity.asset;
    // No reply kept (a record made elsewhere, or an old one): ask the registry again.
    const { object, raw } = await queryAutnum(resources, record.number, signal);
    const findings = expandRecord(entity.id, object, graph, (error) => context.recordFailure(error));
    const refreshed = {
      ...withoutBlanksOverStored(graph, 'AutnumRecord', buildAutnumRecord(object, record.number, raw)),
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
  fromStoredReply(context) {
    const { entity, graph } = context;
    const stored = readStoredReply(entity.asset.raw, 'ip network');
    return stored === undefined
      ? null
      : expandRecord(entity.id, stored, graph, (error) => context.recordFailure(error));
  },
  async query(context) {
    const { entity, resources, signal, graph } = context;
    const record = entity.asset;
    const { object, raw } = await queryNetwork(resources, record, signal);
    const findings = expandRecord(entity.id, object, graph, (error) => context.recordFailure(error));
    const refreshed = {
      ...withoutBlanksOverStored(
        graph,
        'IPNetRecord',
        buildIpNetRecord(object, { cidr: record.cidr, type: record.type }, raw),
      ),
      handle: record.handle,
    };
    return { ...findings, entities: [{ type: 'IPNetRecord', asset: refreshed }, ...findings.entities] };
  },
});
