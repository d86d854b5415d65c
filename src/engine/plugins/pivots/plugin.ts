/**
 * Pivots: from a name to the domain that holds it, so a seed or a found name grows into the
 * registration data of its domain (RDAP, else WHOIS). FQDN -> DomainRecord of its registrable
 * domain; e-mail Identifier -> DomainRecord of its domain, except shared mailbox providers
 * (`pivots.mailboxProviders`); URL -> FQDN of its host. Pivots are dispatched like any finding,
 * so they count towards the session's depth; `pivots.enabled: false` switches them off. They
 * expand what the investigator's subjects hold, never the sources' infrastructure (scope.ts).
 * No request is made: the Public Suffix List ships with tldts.
 */
import {
  FindingsBuilder,
  defineHandler,
  definePlugin,
  type Findings,
  type PluginDefinition,
} from '../../core/plugin-api';
import { emailDomain, registrableDomain } from './registrable-domain';
import { heldBySubject } from './scope';

export const PIVOT_SOURCE = { name: 'Pivot', confidence: 100 } as const;

interface PivotResources {
  enabled: boolean;
  /** Registrable domains of shared mailbox providers (lowercased). */
  mailboxProviders: ReadonlySet<string>;
}

/** `FQDN:<domain> -registration-> DomainRecord:<domain>`, the DomainRecord dispatched. */
function domainRecordOf(builder: FindingsBuilder, domain: string): void {
  const fqdnId = builder.entity('FQDN', { name: domain });
  const recordId = builder.entity('DomainRecord', { domain });
  builder.edge(fqdnId, 'registration', recordId).dispatch(recordId);
}

const none = (): Findings => new FindingsBuilder().build();

const fqdnToDomain = defineHandler<'FQDN', PivotResources>({
  name: 'pivots/fqdn-domain',
  eventType: 'FQDN',
  priority: 5,
  transforms: ['DomainRecord'],
  query: ({ entity, resources, graph }) => {
    const domain =
      resources.enabled && heldBySubject(graph, entity.id) ? registrableDomain(entity.asset.name) : undefined;
    if (domain === undefined) {
      return Promise.resolve(none());
    }
    const builder = new FindingsBuilder();
    domainRecordOf(builder, domain);
    return Promise.resolve(builder.build());
  },
});

const emailToDomain = defineHandler<'Identifier', PivotResources>({
  name: 'pivots/email-domain',
  eventType: 'Identifier',
  priority: 5,
  transforms: ['DomainRecord'],
  accepts: (identifier) => identifier.id_type === 'email',
  query: ({ entity, resources, graph }) => {
    const host = emailDomain(entity.asset.id);
    const domain =
      resources.enabled && host !== undefined && heldBySubject(graph, entity.id)
        ? registrableDomain(host)
        : undefined;
    if (
      domain === undefined ||
      resources.mailboxProviders.has(domain) ||
      resources.mailboxProviders.has(host ?? '')
    ) {
      return Promise.resolve(none());
    }
    const builder = new FindingsBuilder();
    domainRecordOf(builder, domain);
    // OAM has no Identifier -> FQDN relation: the contacts holding the address point to its domain.
    const fqdnId = builder.entity('FQDN', { name: domain });
    for (const holder of graph.incoming(entity.id, { relations: ['id'] })) {
      if (holder.entity.type === 'ContactRecord') {
        builder.edge(holder.entity.id, 'fqdn', fqdnId);
      }
    }
    return Promise.resolve(builder.build());
  },
});

const urlToFqdn = defineHandler<'URL', PivotResources>({
  name: 'pivots/url-fqdn',
  eventType: 'URL',
  priority: 5,
  transforms: ['FQDN'],
  query: ({ entity, resources, graph }) => {
    const host = entity.asset.host.trim().toLowerCase().replace(/\.$/, '');
    // An IP literal or a single label is no domain name.
    if (
      !resources.enabled ||
      !host.includes('.') ||
      /^[\d.]+$|^\[|:/.test(host) ||
      !heldBySubject(graph, entity.id)
    ) {
      return Promise.resolve(none());
    }
    const builder = new FindingsBuilder();
    const fqdnId = builder.entity('FQDN', { name: host });
    builder.edge(entity.id, 'domain', fqdnId).dispatch(fqdnId);
    return Promise.resolve(builder.build());
  },
});

export const pivotsPlugin: PluginDefinition<PivotResources> = definePlugin<PivotResources>({
  name: 'pivots',
  source: PIVOT_SOURCE,
  derived: true,
  setup: ({ config }) => ({
    enabled: config.pivots.enabled,
    mailboxProviders: new Set(config.pivots.mailboxProviders.map((domain) => domain.trim().toLowerCase())),
  }),
  handlers: [fqdnToDomain, emailToDomain, urlToFqdn],
});
