/**
 * The domrec handler: a DomainRecord's WHOIS lookup turned into the record's fields, its name
 * servers and WHOIS server (FQDN), and its contacts (ContactRecord with Person, Location, e-mail,
 * Phone, URL and Organization).
 */
import type { ContactRecord, DomainRecord, EntityId } from '../../../../shared/model/asset';
import { createOrganization } from '../../../support/organization';
import { fullNameToPerson } from '../../../support/person';
import { phoneToAsset, type PhoneOptions } from '../../../support/phone';
import { locationFromParts, type LocationParts } from '../../../support/location';
import { rawUrlToAsset } from '../../../support/url';
import {
  FindingsBuilder,
  redispatchConfirmed,
  defineHandler,
  type ConfirmedEdges,
  type Findings,
  type GraphReader,
} from '../../../core/plugin-api';
import type { WhoisLookup } from '../client';
import { hostNameOf, WHOIS_ROLES, type WhoisContact, type WhoisRole } from '../parse';
import { isRoleName } from '../parse/role-labels';
import type { WhoisResources } from '../resources';
import { UnrecognisedReplyError } from '../reply-errors';
import { omitUndefined as defined } from '../../../../shared/util/object';
import { normalizeSpaces } from '../../../../shared/util/text';

export const CONTACT_RELATIONS: Record<WhoisRole, string> = {
  registrar: 'registrar_contact',
  registrant: 'registrant_contact',
  admin: 'admin_contact',
  technical: 'technical_contact',
  billing: 'billing_contact',
};

const RECORD_RELATIONS = ['name_server', 'whois_server', ...Object.values(CONTACT_RELATIONS)];

/** `whois://<server>/<domain>#<role>`: the key of a WHOIS ContactRecord. */
export function contactRecordKey(server: string, domain: string, role: WhoisRole): string {
  return `whois://${server}/${domain}#${role}`;
}

function sameName(a: string, b: string): boolean {
  const normalise = (text: string): string => normalizeSpaces(text).toLowerCase();
  return normalise(a) === normalise(b);
}

/** A ContactRecord's links: Person, Location, e-mail, Phone (phone and fax), URL, Organization. */
function addContact(
  graph: GraphReader,
  builder: FindingsBuilder,
  recordId: EntityId,
  role: WhoisRole,
  key: string,
  contact: WhoisContact,
): void {
  const contactId = builder.entity('ContactRecord', { discovered_at: key } satisfies ContactRecord);
  builder.edge(recordId, CONTACT_RELATIONS[role], contactId).dispatch(contactId);

  const { name, organization } = contact;
  // A person only where the reply's name is a person's: not the organization again, not a role
  // (`Domain Administrator`, `Hostmaster`).
  if (
    name !== undefined &&
    !isRoleName(name) &&
    (organization === undefined || !sameName(name, organization))
  ) {
    const person = fullNameToPerson(name);
    if (person !== undefined) {
      builder.edge(contactId, 'person', builder.entity('Person', person));
    }
  }
  // A street or a city gives the contact's address. Without them (most registrants since GDPR:
  // street and city redacted) the country is what an investigator reads first, so the contact
  // gets a country-level Location (country, and province and postal code when given). It keeps
  // the reply's spelling; its id, like every Location id, is `entityIdOf`'s folded key, where
  // "US" and "United States" are one place.
  const hasPlace =
    contact.street !== undefined || contact.city !== undefined || contact.country !== undefined;
  const location = hasPlace
    ? locationFromParts(
        defined<LocationParts>({
          street: contact.street,
          city: contact.city,
          province: contact.province,
          postalCode: contact.postalCode,
          country: contact.country,
        }),
      )
    : undefined;
  if (location !== undefined) {
    builder.edge(contactId, 'location', builder.entity('Location', location));
  }
  if (contact.email !== undefined) {
    const email = contact.email.toLowerCase();
    const identifierId = builder.entity('Identifier', {
      unique_id: `email:${email}`,
      id: email,
      id_type: 'email',
    });
    builder.edge(contactId, 'id', identifierId);
  }
  const numbers: ['phone' | 'fax', string | undefined, string | undefined][] = [
    ['phone', contact.phone, contact.phoneExt],
    ['fax', contact.fax, contact.faxExt],
  ];
  for (const [type, number, ext] of numbers) {
    if (number === undefined) {
      continue;
    }
    const phone = phoneToAsset(number, defined<PhoneOptions>({ type, country: contact.country, ext }));
    if (phone !== undefined) {
      builder.edge(contactId, 'phone', builder.entity('Phone', phone));
    }
  }
  if (contact.url !== undefined) {
    const url = rawUrlToAsset(contact.url);
    if (url !== undefined) {
      builder.edge(contactId, 'url', builder.entity('URL', url));
    }
  }
  if (organization !== undefined) {
    const orgId = createOrganization(graph, builder, {
      name: organization,
      context: contactId,
      relation: 'organization',
    });
    builder.dispatch(orgId);
  }
}

/** The findings of one lookup for a DomainRecord (pure: reads the graph, writes nothing). */
export function buildDomainRecordFindings(
  graph: GraphReader,
  record: DomainRecord,
  lookup: WhoisLookup,
): Findings {
  const builder = new FindingsBuilder();
  const hop = lookup.record;
  const parsed = lookup.parsed;
  if (lookup.outcome !== 'found' || hop === undefined || parsed === undefined) {
    return builder.build();
  }
  const domain = record.domain;
  const firstDot = domain.indexOf('.');
  const whoisServer = hostNameOf(parsed.whoisServer ?? hop.server);
  const punycode = parsed.punycode ?? (lookup.domain !== domain.toLowerCase() ? lookup.domain : undefined);
  const recordId = builder.entity(
    'DomainRecord',
    defined<DomainRecord>({
      domain,
      raw: hop.text,
      id: parsed.id,
      punycode,
      name: firstDot > 0 ? domain.slice(0, firstDot) : undefined,
      extension: firstDot > 0 ? domain.slice(firstDot + 1) : undefined,
      whois_server: whoisServer,
      created_date: parsed.createdDate,
      updated_date: parsed.updatedDate,
      expiration_date: parsed.expirationDate,
      status: parsed.status.length > 0 ? parsed.status : undefined,
      dnssec: parsed.dnssec,
    }),
  );
  for (const nameServer of parsed.nameServers) {
    const host = hostNameOf(nameServer);
    if (host !== undefined) {
      const fqdnId = builder.entity('FQDN', { name: host });
      builder.edge(recordId, 'name_server', fqdnId).dispatch(fqdnId);
    }
  }
  if (whoisServer !== undefined) {
    const fqdnId = builder.entity('FQDN', { name: whoisServer });
    builder.edge(recordId, 'whois_server', fqdnId).dispatch(fqdnId);
  }
  for (const role of WHOIS_ROLES) {
    const contact = parsed.contacts[role];
    if (contact !== undefined) {
      const server = lookup.contactServers[role] ?? hop.server;
      addContact(graph, builder, recordId, role, contactRecordKey(server, lookup.domain, role), contact);
    }
  }
  return builder.build();
}

/** The lookup path: the record's earlier WHOIS results (confirmed within the TTL), re-dispatched. */
export function findEarlierResults(confirmed: ConfirmedEdges, recordId: EntityId): Findings {
  return redispatchConfirmed(confirmed, recordId, RECORD_RELATIONS, ['organization']);
}

export const domainRecordHandler = defineHandler<'DomainRecord', WhoisResources>({
  name: 'whois/domain-record',
  eventType: 'DomainRecord',
  priority: 5,
  transforms: ['FQDN'],
  accepts: (record) => record.domain.includes('.'),
  // The handler was run within the TTL: what it found then is in the graph (a "no match" found
  // nothing, which is an answer too).
  lookup: (context) => findEarlierResults(context.confirmed, context.entity.id),
  query: async (context) => {
    const keepForInspection = (error: unknown): void => {
      // An unrecognised reply is no answer and is not stored; its text goes to the log to be read.
      const cause = error instanceof Error ? error.cause : undefined;
      const unrecognised = [error, cause].find((item) => item instanceof UnrecognisedReplyError);
      if (unrecognised !== undefined) {
        const { url, reply } = unrecognised;
        context.logger.warn('WHOIS reply in no known shape', { url, reply });
      }
    };
    let lookup: WhoisLookup;
    try {
      lookup = await context.resources.client.lookup(context.entity.asset.domain, context.signal, {
        since: context.since,
        refresh: context.refresh,
      });
    } catch (error) {
      keepForInspection(error);
      throw error;
    }
    for (const failure of lookup.failures) {
      keepForInspection(failure);
      context.recordFailure(failure);
    }
    return buildDomainRecordFindings(context.graph, context.entity.asset, lookup);
  },
});
