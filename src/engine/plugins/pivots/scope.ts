/**
 * Scope of the pivots (issue 24): they expand what the investigator's subjects hold (the
 * registrant's and contacts' e-mail domains, their URLs, a seed), never the sources' own
 * infrastructure. A record names the WHOIS server that answered, its RDAP self link and its
 * registrar's contact; pivoting from those queried markmonitor.com for google.com and let a
 * hostile reply naming `whois.registry.test` get `registry.test` queried, spending rate limit
 * and telling a third party what is being looked at.
 *
 * The rule is a table of relations: an entity reached only through them (directly, or through a
 * URL, contact record or identifier reached only through them) is the sources' infrastructure.
 */
import type { EntityId } from '../../../shared/model/asset';
import type { GraphReader } from '../../core/plugin-api';

/** Relations by which a record names the sources' own servers and the registrar that serves it. */
export const INFRASTRUCTURE_RELATIONS: ReadonlySet<string> = new Set([
  'whois_server',
  'rdap_url',
  'registrar_contact',
]);

/** Types that pass on where they were found from: a URL's host, a contact's e-mail, an identifier's domain. */
const CARRIERS = new Set(['URL', 'ContactRecord', 'Identifier']);

/** How far back through carriers the rule looks (a contact's e-mail is two steps from its record). */
const MAX_STEPS = 3;

/**
 * True when the entity belongs to the investigator's subjects: nothing points to it (a seed, an
 * entity typed in) or at least one edge to it is not infrastructure, followed back through
 * carriers.
 */
export function heldBySubject(graph: GraphReader, id: EntityId, steps = 0): boolean {
  const incoming = graph.incoming(id);
  if (incoming.length === 0) {
    return true;
  }
  return incoming.some(({ edge, entity }) => {
    if (INFRASTRUCTURE_RELATIONS.has(edge.relation)) {
      return false;
    }
    return CARRIERS.has(entity.type) && steps < MAX_STEPS ? heldBySubject(graph, entity.id, steps + 1) : true;
  });
}
