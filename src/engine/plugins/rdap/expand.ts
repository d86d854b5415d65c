/** Record expansion: an RDAP autnum or ip network reply to URL, FQDN, contacts and what their jCards say. */
import { entityIdOf, type EntityId, type Person } from '../../../shared/model/asset';
import { hasLegalSuffix } from '../../support/brand';
import { createOrganization } from '../../support/organization';
import { fullNameToPerson } from '../../support/person';
import { phoneToAsset } from '../../support/phone';
import { rawUrlToAsset } from '../../support/url';
import { locationFromParts, streetAddressToLocation } from '../../support/location';
import { FindingsBuilder, SourceError, type Findings, type GraphReader } from '../../core/plugin-api';
import {
  collectContacts,
  findSelfLink,
  findWhoisServer,
  type ContactCard,
  type ContactEntry,
  type RdapObject,
} from './mapping';

/** The ContactRecord key: its RDAP self link (normalised), else its handle. */
export function contactKey(contact: Pick<ContactEntry, 'handle' | 'selfLink'>): string | undefined {
  if (contact.selfLink !== undefined) {
    return rawUrlToAsset(contact.selfLink)?.url ?? contact.selfLink;
  }
  return contact.handle === undefined ? undefined : `rdap-handle:${contact.handle}`;
}

function addCard(builder: FindingsBuilder, graph: GraphReader, contactId: EntityId, card: ContactCard): void {
  if (card.address) {
    const { label, parts } = card.address;
    const location =
      (label === undefined ? undefined : streetAddressToLocation(label)) ??
      (parts === undefined ? undefined : locationFromParts(parts));
    if (location) {
      const locationId = builder.entity('Location', location);
      builder.edge(contactId, 'location', locationId).dispatch(locationId);
    }
  }
  for (const email of card.emails) {
    const identifierId = builder.entity('Identifier', {
      unique_id: `email:${email}`,
      id: email,
      id_type: 'email',
    });
    builder.edge(contactId, 'id', identifierId).dispatch(identifierId);
  }
  for (const phone of card.phones) {
    const asset = phoneToAsset(phone.number, {
      type: phone.type,
      ...(card.countryCode === undefined ? {} : { country: card.countryCode }),
      ...(phone.ext === undefined ? {} : { ext: phone.ext }),
    });
    if (asset) {
      const phoneId = builder.entity('Phone', asset);
      builder.edge(contactId, 'phone', phoneId).dispatch(phoneId);
    }
  }
  // The organisation comes last, after the contact's location, as the reference orders it.
  const holder = card.fullName === undefined ? undefined : classifyContactName(card.kind, card.fullName);
  if (holder?.type === 'Person') {
    const personId = builder.entity('Person', holder.person);
    builder.edge(contactId, 'person', personId).dispatch(personId);
  } else if (holder?.type === 'Organization') {
    const organizationId = createOrganization(graph, builder, {
      name: holder.name,
      context: contactId,
      relation: 'organization',
    });
    builder.dispatch(organizationId);
  }
}

// Legal forms the shared suffix list lacks but registrants write, notably in the LACNIC region
// ("TELECOMUNICACIONES BANTEL, C.A.", "NEURALSOFT S.R.L.", "Triara.com, S.A. de C.V.").
const LEGAL_FORM =
  /[\s,](?:c\.\s?a|s\.\s?r\.\s?l|srl|s\.\s?a\.?\s+de\s+c\.\s?v|s\.\s?a\.\s?s|s\.\s?a\.\s?c|s\.\s?c|ltda|e\.\s?i\.\s?r\.\s?l|eirl|s\.\s?de\s+r\.\s?l|s\.\s?p\.\s?a|b\.\s?v|n\.\s?v|pty)[.,\s]*$/iu;
// Placeholders a registry writes instead of a holder: neither a Person nor an Organization.
const PLACEHOLDER = /(?:\bredacted\b|\bwithheld\b|\bnot disclosed\b|\bprivacy\b|^n\/a$|^none$|^unknown$|@)/iu;

/**
 * Who a jCard names, from its `kind` and `fn`: kind `org`/`organization` is an Organization; kind
 * `individual` is a Person when the name parses as one without a legal form, else an
 * Organization (registries mark company registrants `individual`), unless the name is a
 * placeholder; other or missing kinds give nothing.
 */
export function classifyContactName(
  kind: string | undefined,
  fullName: string,
): { type: 'Person'; person: Person } | { type: 'Organization'; name: string } | undefined {
  const name = fullName.replace(/\s+/g, ' ').trim();
  if (name === '') {
    return undefined;
  }
  if (kind === 'org' || kind === 'organization') {
    return { type: 'Organization', name };
  }
  const text = name.normalize('NFKC');
  if (kind !== 'individual' || PLACEHOLDER.test(text)) {
    return undefined;
  }
  const person = hasLegalSuffix(text) || LEGAL_FORM.test(text) ? undefined : fullNameToPerson(text);
  return person === undefined ? { type: 'Organization', name } : { type: 'Person', person };
}

/** Keeps one copy of each entity (later fields merged over earlier ones) and of each edge. */
export function dedupeFindings(findings: Findings): Findings {
  const entities = new Map<EntityId, Findings['entities'][number]>();
  for (const item of findings.entities) {
    const id = entityIdOf(item.type, item.asset as never);
    const earlier = entities.get(id);
    entities.set(
      id,
      earlier ? ({ type: item.type, asset: { ...earlier.asset, ...item.asset } } as typeof item) : item,
    );
  }
  const edges = new Map<string, Findings['edges'][number]>();
  for (const edge of findings.edges) {
    const key = `${edge.from}|${edge.relation}|${edge.to}`;
    if (!edges.has(key)) {
      edges.set(key, edge);
    }
  }
  return {
    entities: [...entities.values()],
    edges: [...edges.values()],
    dispatch: [...new Set(findings.dispatch)],
  };
}

/**
 * Findings from one record's reply: `rdap_url` (its self link), `whois_server` (port43), one
 * ContactRecord per contact entity with the role's relation, and from each jCard the contact's
 * Person or Organization, Location, e-mail Identifiers and Phones.
 */
export function expandRecord(
  recordId: EntityId,
  object: RdapObject,
  graph: GraphReader,
  recordFailure: (error: unknown) => void,
): Findings {
  const builder = new FindingsBuilder();
  const selfLink = findSelfLink(object.links);
  const selfUrl = selfLink === undefined ? undefined : rawUrlToAsset(selfLink);
  if (selfUrl) {
    const urlId = builder.entity('URL', selfUrl);
    builder.edge(recordId, 'rdap_url', urlId).dispatch(urlId);
  }
  const whoisServer = findWhoisServer(object);
  if (whoisServer !== undefined) {
    const fqdnId = builder.entity('FQDN', { name: whoisServer });
    builder.edge(recordId, 'whois_server', fqdnId).dispatch(fqdnId);
  }
  const { contacts, listed } = collectContacts(object);
  if (listed > contacts.length) {
    recordFailure(
      new SourceError(
        'too_large',
        `the reply lists ${listed} contacts; read the first ${contacts.length}`,
        'RDAP',
      ),
    );
  }
  for (const contact of contacts) {
    const key = contactKey(contact);
    if (key === undefined) {
      continue;
    }
    const contactId = builder.entity('ContactRecord', { discovered_at: key });
    builder.edge(recordId, contact.relation, contactId).dispatch(contactId);
    const contactUrl = contact.selfLink === undefined ? undefined : rawUrlToAsset(contact.selfLink);
    if (contactUrl) {
      const urlId = builder.entity('URL', contactUrl);
      builder.edge(contactId, 'url', urlId).dispatch(urlId);
    }
    if (contact.card) {
      addCard(builder, graph, contactId, contact.card);
    }
  }
  return dedupeFindings(builder.build());
}
