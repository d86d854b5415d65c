/**
 * rdap/autsys and rdap/netblock: an AS number or a netblock to its registration record
 * (AutnumRecord, IPNetRecord) at the registry the IANA bootstrap names, the reply kept in `raw`.
 */
import { entityIdOf, type AssetType, type EntityId } from '../../../../shared/model/asset';
import { FindingsBuilder, defineHandler, type Findings, type GraphReader } from '../../../core/plugin-api';
import { queryAutnum, queryNetwork, type RdapResources } from '../client';
import { RDAP_SOURCE } from '../source';

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

/**
 * A re-queried record without the empty fields a reply left out, when the record is stored: a
 * valid reply that lacks a name or a date never blanks what an earlier reply stored (issue 11.1).
 */
export function withoutBlanksOverStored<T extends object>(graph: GraphReader, type: AssetType, record: T): T {
  if (graph.findEntity(entityIdOf(type, record as never)) === undefined) {
    return record;
  }
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== '')) as T;
}

export const autsysHandler = defineHandler<'AutonomousSystem', RdapResources>({
  name: 'rdap/autsys',
  eventType: 'AutonomousSystem',
  priority: 9,
  transforms: ['AutnumRecord'],
  lookup: ({ graph, entity, since }) => lookupRegistration(graph, entity.id, since, 'AutnumRecord'),
  async query({ entity, resources, signal, graph }) {
    const record = await queryAutnum(resources, entity.asset.number, signal);
    const builder = new FindingsBuilder();
    const recordId = builder.entity('AutnumRecord', withoutBlanksOverStored(graph, 'AutnumRecord', record));
    return builder.edge(entity.id, 'registration', recordId).dispatch(recordId).build();
  },
});

export const netblockHandler = defineHandler<'Netblock', RdapResources>({
  name: 'rdap/netblock',
  eventType: 'Netblock',
  priority: 9,
  transforms: ['IPNetRecord'],
  lookup: ({ graph, entity, since }) => lookupRegistration(graph, entity.id, since, 'IPNetRecord'),
  async query({ entity, resources, signal, graph }) {
    const record = await queryNetwork(resources, entity.asset, signal);
    const builder = new FindingsBuilder();
    const recordId = builder.entity('IPNetRecord', withoutBlanksOverStored(graph, 'IPNetRecord', record));
    return builder.edge(entity.id, 'registration', recordId).dispatch(recordId).build();
  },
});
