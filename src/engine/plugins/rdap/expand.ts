/** Record expansion: an RDAP autnum or ip network reply to URL, FQDN, contacts and what their jCards say. */
import {
  entityIdOf,
  type EntityId,
  type Location,
  type Person,
  type Phone,
  type URLAsset,
} from '../../../shared/model/asset';
import { hasLegalSuffix } from '../../support/brand';
import { createOrganization } from '../../support/organization';
import { fullNameToPerson } from '../../support/person';
import { phoneToAsset } from '../../support/phone';
import { rawUrlToAsset } from '../../support/url';
import { locationFromParts, streetAddressToLocation } from '../../support/location';
import {
  FindingsBuilder,
  SourceError,
  type Findings,
  type GraphReader,
  type OffThreadRunner,
} from '../../core/plugin-api';
import { readStoredReply } from './client';
import { OFF_THREAD_MIN_CHARS } from './registration-read';

export { OFF_THREAD_MIN_CHARS };
import {
  collectContacts,
  findSelfLink,
  findWhoisServer,
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

/** One contact of a record's reply, read into the assets its jCard gives: plain data. */
export interface ContactPlan {
  relation: ContactEntry['relation'];
  key: string;
  url?: URLAsset;
  location?: Location;
  emails: string[];
  phones: Phone[];
  holder?: { type: 'Person'; person: Person } | { type: 'Organization'; name: string };
}

/**
 * What a record's reply holds for its expansion, read without the graph: plain, structured-clone
 * safe data, so the reading (the costly part: every contact's address, phones and name parsed)
 * can run off the thread serving the UI and the graph-reading part stays with the store.
 */
export interface ExpansionPlan {
  selfUrl?: URLAsset;
  whoisServer?: string;
  /** How many contacts the reply lists (more than `contacts` when the per-record cap cut it). */
  listed: number;
  contacts: ContactPlan[];
}

function planContact(contact: ContactEntry, key: string): ContactPlan {
  const plan: ContactPlan = { relation: contact.relation, key, emails: [], phones: [] };
  const url = contact.selfLink === undefined ? undefined : rawUrlToAsset(contact.selfLink);
  if (url) {
    plan.url = url;
  }
  const card = contact.card;
  if (card === undefined) {
    return plan;
  }
  if (card.address) {
    const { label, parts } = card.address;
    const location =
      (label === undefined ? undefined : streetAddressToLocation(label)) ??
      (parts === undefined ? undefined : locationFromParts(parts));
    if (location) {
      plan.location = location;
    }
  }
  plan.emails = card.emails;
  for (const phone of card.phones) {
    const asset = phoneToAsset(phone.number, {
      type: phone.type,
      ...(card.countryCode === undefined ? {} : { country: card.countryCode }),
      ...(phone.ext === undefined ? {} : { ext: phone.ext }),
    });
    if (asset) {
      plan.phones.push(asset);
    }
  }
  const holder = card.fullName === undefined ? undefined : classifyContactName(card.kind, card.fullName);
  if (holder) {
    plan.holder = holder;
  }
  return plan;
}

/** Reads a record's reply into its expansion plan: pure, no graph (see ExpansionPlan). */
export function planRecordExpansion(object: RdapObject): ExpansionPlan {
  const selfLink = findSelfLink(object.links);
  const selfUrl = selfLink === undefined ? undefined : rawUrlToAsset(selfLink);
  const whoisServer = findWhoisServer(object);
  const { contacts, listed } = collectContacts(object);
  const planned: ContactPlan[] = [];
  for (const contact of contacts) {
    const key = contactKey(contact);
    if (key !== undefined) {
      planned.push(planContact(contact, key));
    }
  }
  return {
    ...(selfUrl ? { selfUrl } : {}),
    ...(whoisServer === undefined ? {} : { whoisServer }),
    listed,
    contacts: planned,
  };
}

function addContact(
  builder: FindingsBuilder,
  graph: GraphReader,
  recordId: EntityId,
  contact: ContactPlan,
): void {
  const contactId = builder.entity('ContactRecord', { discovered_at: contact.key });
  builder.edge(recordId, contact.relation, contactId).dispatch(contactId);
  if (contact.url) {
    const urlId = builder.entity('URL', contact.url);
    builder.edge(contactId, 'url', urlId).dispatch(urlId);
  }
  if (contact.location) {
    const locationId = builder.entity('Location', contact.location);
    builder.edge(contactId, 'location', locationId).dispatch(locationId);
  }
  for (const email of contact.emails) {
    const identifierId = builder.entity('Identifier', {
      unique_id: `email:${email}`,
      id: email,
      id_type: 'email',
    });
    builder.edge(contactId, 'id', identifierId).dispatch(identifierId);
  }
  for (const phone of contact.phones) {
    const phoneId = builder.entity('Phone', phone);
    builder.edge(contactId, 'phone', phoneId).dispatch(phoneId);
  }
  // The organisation comes last, after the contact's location, as the reference orders it.
  const holder = contact.holder;
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

/**
 * Findings from a record's expansion plan: `rdap_url` (its self link), `whois_server` (port43),
 * one ContactRecord per contact with the role's relation, and from each jCard the contact's Person
 * or Organization (found in the graph when it is there), Location, e-mail Identifiers and Phones.
 */
export function expandPlan(
  recordId: EntityId,
  plan: ExpansionPlan,
  graph: GraphReader,
  recordFailure: (error: unknown) => void,
): Findings {
  const builder = new FindingsBuilder();
  if (plan.selfUrl) {
    const urlId = builder.entity('URL', plan.selfUrl);
    builder.edge(recordId, 'rdap_url', urlId).dispatch(urlId);
  }
  if (plan.whoisServer !== undefined) {
    const fqdnId = builder.entity('FQDN', { name: plan.whoisServer });
    builder.edge(recordId, 'whois_server', fqdnId).dispatch(fqdnId);
  }
  if (plan.listed > plan.contacts.length) {
    recordFailure(
      new SourceError(
        'too_large',
        `the reply lists ${plan.listed} contacts; read the first ${plan.contacts.length}`,
        'RDAP',
      ),
    );
  }
  for (const contact of plan.contacts) {
    addContact(builder, graph, recordId, contact);
  }
  return dedupeFindings(builder.build());
}

/** The name under which the engine's compute workers run `planStoredReply`. */
export const RDAP_EXPANSION_PLAN = 'rdap.expansion-plan';

/** What `planStoredReply` reads: a record's reply as the JSON text the record keeps. */
export interface StoredReplyInput {
  raw: string | undefined;
  objectClass: 'autnum' | 'ip network';
}

/** A record's kept reply parsed, checked and planned (off the UI thread); undefined when none parses. */
export function planStoredReply({ raw, objectClass }: StoredReplyInput): ExpansionPlan | undefined {
  const object = readStoredReply(raw, objectClass);
  return object === undefined ? undefined : planRecordExpansion(object);
}

/**
 * `planStoredReply` for a large reply on the engine's compute workers (the serving thread only
 * waits for the plan), for an ordinary one in place.
 */
export async function planOffThread(
  runner: OffThreadRunner,
  input: StoredReplyInput,
  signal: AbortSignal,
): Promise<ExpansionPlan | undefined> {
  if ((input.raw?.length ?? 0) < OFF_THREAD_MIN_CHARS) {
    return planStoredReply(input);
  }
  return (await runner.run(RDAP_EXPANSION_PLAN, input, signal)) as ExpansionPlan | undefined;
}

/** Findings from one record's reply, read and expanded in place (see expandPlan). */
export function expandRecord(
  recordId: EntityId,
  object: RdapObject,
  graph: GraphReader,
  recordFailure: (error: unknown) => void,
): Findings {
  return expandPlan(recordId, planRecordExpansion(object), graph, recordFailure);
}
