/**
 * rdap/domain-record: a DomainRecord through RDAP (RFC 9224 bootstrap, the registry's
 * `/domain/<A-label>`, then the registrar's RDAP the registry links to). WHOIS is its declared
 * fallback: it answers when the TLD has no RDAP service or RDAP failed other than by "no such
 * domain" (a registry 404 is an authoritative no-match and writes nothing).
 */
import type { EntityId } from '../../../../shared/model/asset';
import { SourceError } from '../../../net/errors';
import {
  FindingsBuilder,
  redispatchConfirmed,
  NotServedError,
  defineHandler,
  type Findings,
  type ConfirmedEdges,
} from '../../../core/plugin-api';
import { fetchDomain, findRegistrarLink, type RdapResources } from '../client';
import { DOMAIN_ROLE_RELATIONS, type DomainReply } from '../domain-contacts';
import { buildDomainFindings, toALabel } from '../domain-mapping';
import { RDAP_SOURCE } from '../source';

const RECORD_RELATIONS = ['name_server', 'whois_server', ...Object.values(DOMAIN_ROLE_RELATIONS)];
const CONTACT_RELATIONS = ['organization', 'person', 'location', 'id', 'phone', 'url'];

/** The lookup path: what RDAP confirmed for the record within the TTL, dispatched again. */
export function findEarlierDomainResults(confirmed: ConfirmedEdges, recordId: EntityId): Findings {
  return redispatchConfirmed(confirmed, recordId, RECORD_RELATIONS, CONTACT_RELATIONS);
}

export const domainRecordHandler = defineHandler<'DomainRecord', RdapResources>({
  name: 'rdap/domain-record',
  eventType: 'DomainRecord',
  // WHOIS's domrec priority: the two are alternatives for the same record.
  priority: 5,
  transforms: ['FQDN'],
  fallback: 'whois/domain-record',
  accepts: (record) => record.domain.includes('.'),
  // A no-match within the TTL is an answer too: nothing to dispatch, nothing to ask.
  lookup: ({ confirmed, entity }) => findEarlierDomainResults(confirmed, entity.id),
  async query(context) {
    const { entity, resources, signal, graph } = context;
    const aLabel = toALabel(entity.asset.domain);
    if (aLabel === undefined || !aLabel.includes('.')) {
      throw new SourceError('unsupported', `${entity.asset.domain} is not a domain name`, RDAP_SOURCE.name);
    }
    const server = await resources.bootstrap.getDomainServer(aLabel, signal);
    if (server === undefined) {
      throw new NotServedError(`no RDAP service for ${aLabel} in the IANA bootstrap`);
    }
    const registry = await fetchDomain(resources.http, `${server}domain/${aLabel}`, signal);
    if (!registry.found) {
      return new FindingsBuilder().build();
    }
    const replies: DomainReply[] = [registry.reply];
    const registrarUrl = findRegistrarLink(registry.reply.object, registry.reply.url);
    if (registrarUrl !== undefined) {
      try {
        const registrar = await fetchDomain(resources.http, registrarUrl, signal);
        if (registrar.found) {
          replies.push(registrar.reply);
        } else {
          context.recordFailure(
            new SourceError(
              'not_found',
              `registrar RDAP has no record of ${aLabel} (${registrar.url}); registry data kept`,
              RDAP_SOURCE.name,
            ),
          );
        }
      } catch (error) {
        if (signal.aborted) {
          throw error;
        }
        // The registry's answer stands; the registrar's failure is recorded on the session.
        context.recordFailure(error);
      }
    }
    return buildDomainFindings(graph, entity.asset, aLabel, replies);
  },
});
