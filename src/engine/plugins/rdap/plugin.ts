/** The RDAP plugin: AS, netblock and domain registration records, and their expansion into contacts. */
import path from 'node:path';
import type { AssetType, EntityId } from '../../../shared/model/asset';
import type { SourceRef } from '../../../shared/model/graph';
import {
  FindingsBuilder,
  defineHandler,
  definePlugin,
  type Findings,
  type GraphReader,
  type PluginDefinition,
} from '../../core/plugin-api';
import { createRdapBootstrap } from './bootstrap';
import { expandRecord } from './expand';
import { buildAutnumRecord, buildIpNetRecord } from './parse';
import { domainRecordHandler } from './handlers/domain-record';
import { queryAutnum, queryNetwork, readStoredReply, type RdapResources } from './client';

export const RDAP_SOURCE: SourceRef = { name: 'RDAP', confidence: 100 };

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

/** Lookup path of autsys/netblock: the record registered within the TTL, dispatched again. */
function lookupRegistration(
  graph: GraphReader,
  id: EntityId,
  since: number,
  recordType: AssetType,
): Findings | null {
  const records = graph
    .outgoing(id, { relations: ['registration'], since, source: RDAP_SOURCE.name })
    .filter((neighbour) => neighbour.entity.type === recordType);
  if (records.length === 0) {
    return null;
  }
  return new FindingsBuilder().dispatch(...records.map((neighbour) => neighbour.entity.id)).build();
}

/** Lookup path of autnum/ipnet: what the expansion found within the TTL, dispatched again. */
function lookupExpansion(graph: GraphReader, recordId: EntityId, since: number): Findings | null {
  const query = { since, source: RDAP_SOURCE.name };
  const found = graph.outgoing(recordId, { ...query, relations: RECORD_RELATIONS });
  if (found.length === 0) {
    return null;
  }
  const builder = new FindingsBuilder();
  for (const { entity } of found) {
    builder.dispatch(entity.id);
    if (entity.type === 'ContactRecord') {
      for (const detail of graph.outgoing(entity.id, { ...query, relations: CONTACT_RELATIONS })) {
        builder.dispatch(detail.entity.id);
      }
    }
  }
  return builder.build();
}

const autsys = defineHandler<'AutonomousSystem', RdapResources>({
  name: 'rdap/autsys',
  eventType: 'AutonomousSystem',
  priority: 9,
  transforms: ['AutnumRecord'],
  lookup: ({ graph, entity, since }) => lookupRegistration(graph, entity.id, since, 'AutnumRecord'),
  async query({ entity, resources, signal }) {
    const { object, raw } = await queryAutnum(resources, entity.asset.number, signal);
    const builder = new FindingsBuilder();
    const recordId = builder.entity('AutnumRecord', buildAutnumRecord(object, entity.asset.number, raw));
    return builder.edge(entity.id, 'registration', recordId).dispatch(recordId).build();
  },
});

const netblock = defineHandler<'Netblock', RdapResources>({
  name: 'rdap/netblock',
  eventType: 'Netblock',
  priority: 9,
  transforms: ['IPNetRecord'],
  lookup: ({ graph, entity, since }) => lookupRegistration(graph, entity.id, since, 'IPNetRecord'),
  async query({ entity, resources, signal }) {
    const { object, raw } = await queryNetwork(resources, entity.asset, signal);
    const builder = new FindingsBuilder();
    const recordId = builder.entity('IPNetRecord', buildIpNetRecord(object, entity.asset, raw));
    return builder.edge(entity.id, 'registration', recordId).dispatch(recordId).build();
  },
});

const autnum = defineHandler<'AutnumRecord', RdapResources>({
  name: 'rdap/autnum',
  eventType: 'AutnumRecord',
  priority: 1,
  transforms: EXPANSION_TRANSFORMS,
  lookup: ({ graph, entity, since }) => lookupExpansion(graph, entity.id, since),
  // The record keeps the reply it was made from: expanding it costs no request.
  fromStoredReply({ entity, graph }) {
    const stored = readStoredReply(entity.asset.raw, 'autnum');
    return stored === undefined ? null : expandRecord(entity.id, stored, graph);
  },
  async query({ entity, resources, signal, graph }) {
    const record = entity.asset;
    // No reply kept (a record made elsewhere, or an old one): ask the registry again.
    const { object, raw } = await queryAutnum(resources, record.number, signal);
    const findings = expandRecord(entity.id, object, graph);
    const refreshed = { ...buildAutnumRecord(object, record.number, raw), handle: record.handle };
    return { ...findings, entities: [{ type: 'AutnumRecord', asset: refreshed }, ...findings.entities] };
  },
});

const ipnet = defineHandler<'IPNetRecord', RdapResources>({
  name: 'rdap/ipnet',
  eventType: 'IPNetRecord',
  priority: 1,
  transforms: EXPANSION_TRANSFORMS,
  lookup: ({ graph, entity, since }) => lookupExpansion(graph, entity.id, since),
  fromStoredReply({ entity, graph }) {
    const stored = readStoredReply(entity.asset.raw, 'ip network');
    return stored === undefined ? null : expandRecord(entity.id, stored, graph);
  },
  async query({ entity, resources, signal, graph }) {
    const record = entity.asset;
    const { object, raw } = await queryNetwork(resources, record, signal);
    const findings = expandRecord(entity.id, object, graph);
    const refreshed = {
      ...buildIpNetRecord(object, { cidr: record.cidr, type: record.type }, raw),
      handle: record.handle,
    };
    return { ...findings, entities: [{ type: 'IPNetRecord', asset: refreshed }, ...findings.entities] };
  },
});

export const rdapPlugin: PluginDefinition<RdapResources> = definePlugin<RdapResources>({
  name: 'rdap',
  source: RDAP_SOURCE,
  setup(environment) {
    const { config, dataDir, clock, logger } = environment;
    const rdap = config.sources.rdap;
    // RDAP servers are limited per host:port (LACNIC is stricter), redirects between RIRs are followed,
    // and TLS certificates are verified (the reference turns verification off; we never do).
    const http = environment.createHttp({ source: 'RDAP', rateLimit: rdap.rateLimit, perHost: rdap.hosts });
    const bootstrapHttp = environment.createHttp({
      source: 'RDAP',
      baseUrl: rdap.bootstrapUrl,
      rateLimit: rdap.rateLimit,
    });
    const bootstrap = createRdapBootstrap({
      http: bootstrapHttp,
      baseUrl: rdap.bootstrapUrl,
      cacheDir: path.join(dataDir, '.rdap-bootstrap'),
      clock,
      logger,
    });
    return { http, bootstrap };
  },
  handlers: [autsys, netblock, autnum, ipnet, domainRecordHandler],
});
