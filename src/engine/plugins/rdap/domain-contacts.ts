/**
 * A domain reply's entities (RFC 9083 §5.1) as the ContactRecords WHOIS writes: one per entity,
 * linked from the DomainRecord by role (registrar, registrant, administrative, technical,
 * billing), with the Organization or Person, Location, e-mail, Phone and URL its jCard gives.
 * The registrar's nested abuse entity adds its e-mail and phone to the registrar's record, as
 * WHOIS's "Registrar Abuse Contact" lines do; its IANA id becomes an Identifier. Contacts come
 * from the registrar's reply, role by role, and from the registry's where the registrar has none.
 */
import { entityIdOf, type EntityId, type Location } from '../../../shared/model/asset';
import { hasLegalSuffix } from '../../support/brand';
import { locationFromParts, streetAddressToLocation } from '../../support/location';
import { createOrganization } from '../../support/organization';
import { fullNameToPerson } from '../../support/person';
import { phoneToAsset } from '../../support/phone';
import { isPlaceholder } from '../../support/placeholder';
import { rawUrlToAsset } from '../../support/url';
import { isObject } from '../../util/is-object';
import { FindingsBuilder, type EdgeProperties, type GraphReader } from '../../core/plugin-api';
import { findSelfLink, parseJCard, RDAP_JSON, type ContactCard } from './mapping';
import { withoutRedacted, type Redactions } from './redaction';
import type { RdapObject } from './wire';

/** One RDAP reply of a domain lookup: where it came from and what it declared redacted. */
export interface DomainReply {
  /** The URL the reply was read from (after redirects). */
  url: string;
  /** Host of the server that answered: the provenance every fact from this reply carries. */
  server: string;
  object: RdapObject;
  redactions: Redactions;
}

/** DomainRecord relation per RDAP role, in the order contacts are written. */
export const DOMAIN_ROLE_RELATIONS = {
  registrar: 'registrar_contact',
  registrant: 'registrant_contact',
  administrative: 'admin_contact',
  technical: 'technical_contact',
  billing: 'billing_contact',
} as const;

type ContactRole = keyof typeof DOMAIN_ROLE_RELATIONS;
const CONTACT_ROLES = Object.keys(DOMAIN_ROLE_RELATIONS) as ContactRole[];

interface FoundEntity {
  entity: Record<string, unknown>;
  roles: string[];
  /** Roles of the entity it is nested in (empty at the top level). */
  parentRoles: string[];
}

function rolesOf(entity: Record<string, unknown>): string[] {
  return Array.isArray(entity.roles)
    ? entity.roles
        .filter((role): role is string => typeof role === 'string')
        .map((role) => role.toLowerCase())
    : [];
}

/** Every entity of a reply, nested ones too, depth first (at most 8 levels, as RIR replies need). */
function walkEntities(object: RdapObject): FoundEntity[] {
  const found: FoundEntity[] = [];
  const visit = (entities: unknown, parentRoles: string[], level: number): void => {
    if (!Array.isArray(entities) || level > 8) {
      return;
    }
    for (const entity of entities) {
      if (isObject(entity)) {
        const roles = rolesOf(entity);
        found.push({ entity, roles, parentRoles });
        visit(entity.entities, roles, level + 1);
      }
    }
  };
  visit(object.entities, [], 1);
  return found;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.replace(/\s+/g, ' ').trim() : undefined;
}

function sameName(a: string, b: string): boolean {
  const normalise = (value: string): string =>
    value.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
  return normalise(a) === normalise(b);
}

/** The ContactRecord key: the entity's self link, else its handle, else the reply's URL and the role. */
function contactKey(entity: Record<string, unknown>, reply: DomainReply, role: string): string {
  const selfLink = findSelfLink(entity.links);
  if (selfLink !== undefined) {
    return rawUrlToAsset(selfLink)?.url ?? selfLink;
  }
  const handle = text(entity.handle);
  if (handle !== undefined && !isPlaceholder(handle)) {
    return `rdap-handle:${handle}`;
  }
  // The reply's own URL (its self link, canonical; else where it was read) and the role.
  return `${findSelfLink(reply.object.links) ?? reply.url}#${role}`;
}

/** Web pages an entity links to (`about` and other non-RDAP links), e.g. a registrar's site. */
function pageLinks(entity: Record<string, unknown>): string[] {
  const links = Array.isArray(entity.links) ? entity.links : [];
  return links
    .filter(isObject)
    .filter((link) => {
      const rel = text(link.rel)?.toLowerCase();
      const type = text(link.type)?.toLowerCase();
      return rel !== 'self' && type !== RDAP_JSON && (rel === 'about' || type === 'text/html');
    })
    .map((link) => text(link.href))
    .filter((href): href is string => href !== undefined);
}

/** Who a card names: its Organization (org, or fn of an `org` kind) and its Person (fn of a person). */
function holderOf(card: ContactCard, isRegistrar: boolean): { organization?: string; person?: string } {
  const org =
    card.organization === undefined || isPlaceholder(card.organization) ? undefined : card.organization;
  const fn = card.fullName === undefined || isPlaceholder(card.fullName) ? undefined : card.fullName;
  const isOrgKind = card.kind === 'org' || card.kind === 'organization';
  if (isRegistrar || isOrgKind) {
    const organization = org ?? fn;
    return organization === undefined ? {} : { organization };
  }
  if (fn === undefined || (org !== undefined && sameName(fn, org))) {
    return org === undefined ? {} : { organization: org };
  }
  if (org === undefined && hasLegalSuffix(fn.normalize('NFKC'))) {
    return { organization: fn };
  }
  return { ...(org === undefined ? {} : { organization: org }), person: fn };
}

/**
 * A card's address as a Location: its label, else its structured parts with placeholder parts
 * left out ("REDACTED FOR PRIVACY" as the street of a real city). A street or a city is needed:
 * a province and a country alone would join unrelated contacts (the WHOIS rule).
 */
function locationOf(card: ContactCard): Location | undefined {
  const { label, parts } = card.address ?? {};
  if (label !== undefined && !isPlaceholder(label)) {
    const fromLabel = streetAddressToLocation(label);
    if (fromLabel !== undefined) {
      return fromLabel;
    }
  }
  if (parts === undefined) {
    return undefined;
  }
  const clean = (part: string): string => (isPlaceholder(part) ? '' : part);
  const cleaned = {
    street: clean(parts.street),
    city: clean(parts.city),
    province: clean(parts.province),
    postalCode: clean(parts.postalCode),
    country: clean(parts.country) || (card.countryCode ?? ''),
  };
  return cleaned.street === '' && cleaned.city === '' ? undefined : locationFromParts(cleaned);
}

/** Writes a card's details under a contact; returns how many it wrote. */
function addCardDetails(
  builder: FindingsBuilder,
  contactId: EntityId,
  card: ContactCard,
  properties: EdgeProperties,
  options: { withAddress: boolean },
): number {
  let count = 0;
  const link = (relation: string, id: EntityId): void => {
    builder.edge(contactId, relation, id, properties).dispatch(id);
    count += 1;
  };
  if (options.withAddress && card.address !== undefined) {
    const location = locationOf(card);
    if (location !== undefined) {
      link('location', builder.entity('Location', location));
    }
  }
  for (const email of card.emails) {
    if (!isPlaceholder(email)) {
      link('id', builder.entity('Identifier', { unique_id: `email:${email}`, id: email, id_type: 'email' }));
    }
  }
  for (const phone of card.phones) {
    const asset = phoneToAsset(phone.number, {
      type: phone.type,
      ...(card.countryCode === undefined ? {} : { country: card.countryCode }),
      ...(phone.ext === undefined ? {} : { ext: phone.ext }),
    });
    if (asset !== undefined) {
      link('phone', builder.entity('Phone', asset));
    }
  }
  for (const page of card.urls) {
    const url = rawUrlToAsset(page);
    if (url !== undefined) {
      link('url', builder.entity('URL', url));
    }
  }
  return count;
}

/** The reply contacts of a role come from: the registrar's when it has any, else the registry's. */
function replyForRole(
  replies: readonly DomainReply[],
  matches: (found: FoundEntity) => boolean,
): DomainReply | undefined {
  return [...replies].reverse().find((reply) => walkEntities(reply.object).some(matches));
}

/**
 * Writes the contacts of a domain lookup. `replies` are in lookup order: the registry's first,
 * then the registrar's when it answered.
 */
export function addDomainContacts(
  builder: FindingsBuilder,
  graph: GraphReader,
  recordId: EntityId,
  replies: readonly DomainReply[],
): void {
  // Which reply answers each role, and which entities of it hold the role.
  const chosen = new Map<Record<string, unknown>, { reply: DomainReply; roles: ContactRole[] }>();
  for (const role of CONTACT_ROLES) {
    const holds = (found: FoundEntity): boolean =>
      found.roles.includes(role) && (role !== 'registrar' || found.parentRoles.length === 0);
    const reply = replyForRole(replies, holds);
    if (reply === undefined) {
      continue;
    }
    for (const found of walkEntities(reply.object).filter(holds)) {
      const entry = chosen.get(found.entity) ?? { reply, roles: [] as ContactRole[] };
      entry.roles.push(role);
      chosen.set(found.entity, entry);
    }
  }
  const isAbuse = (found: FoundEntity): boolean =>
    found.roles.includes('abuse') &&
    (found.parentRoles.length === 0 || found.parentRoles.includes('registrar'));
  const abuseReply = replyForRole(replies, isAbuse);
  const abuse = abuseReply === undefined ? [] : walkEntities(abuseReply.object).filter(isAbuse);

  for (const [entity, { reply, roles }] of chosen) {
    const properties: EdgeProperties = { rdap_server: reply.server };
    const isRegistrar = roles.includes('registrar');
    const contact = { discovered_at: contactKey(entity, reply, roles[0] ?? 'contact') };
    const contactId = entityIdOf('ContactRecord', contact);
    const details = new FindingsBuilder();
    const vcard = withoutRedacted(entity.vcardArray, roles, reply.redactions);
    const card = parseJCard(vcard) ?? { emails: [], phones: [], urls: [] };
    let count = addCardDetails(details, contactId, card, properties, { withAddress: true });
    for (const page of pageLinks(entity)) {
      const url = rawUrlToAsset(page);
      if (url !== undefined) {
        const urlId = details.entity('URL', url);
        details.edge(contactId, 'url', urlId, properties).dispatch(urlId);
        count += 1;
      }
    }
    if (isRegistrar) {
      count += addRegistrarDetails(details, contactId, entity, abuse, abuseReply, properties);
    }
    const holder = holderOf(card, isRegistrar);
    const person = holder.person === undefined ? undefined : fullNameToPerson(holder.person);
    const hasKey = findSelfLink(entity.links) !== undefined || text(entity.handle) !== undefined;
    if (count === 0 && holder.organization === undefined && person === undefined && !hasKey) {
      // Nothing but placeholders: no ContactRecord for it.
      continue;
    }
    builder.entity('ContactRecord', contact);
    for (const role of roles) {
      builder.edge(recordId, DOMAIN_ROLE_RELATIONS[role], contactId, properties).dispatch(contactId);
    }
    builder.merge(details.build());
    if (person !== undefined) {
      const personId = builder.entity('Person', person);
      builder.edge(contactId, 'person', personId, properties).dispatch(personId);
    }
    if (holder.organization !== undefined) {
      const organizationId = createOrganization(graph, builder, {
        name: holder.organization,
        context: contactId,
        relation: 'organization',
      });
      builder.dispatch(organizationId);
    }
  }
}

/** The registrar's IANA id (an Identifier) and its abuse contact's e-mail and phones. */
function addRegistrarDetails(
  builder: FindingsBuilder,
  contactId: EntityId,
  entity: Record<string, unknown>,
  abuse: readonly FoundEntity[],
  abuseReply: DomainReply | undefined,
  properties: EdgeProperties,
): number {
  let count = 0;
  const publicIds = Array.isArray(entity.publicIds) ? entity.publicIds.filter(isObject) : [];
  for (const publicId of publicIds) {
    const type = text(publicId.type)?.toLowerCase();
    const id = text(publicId.identifier);
    if (type !== undefined && /\biana\b/.test(type) && id !== undefined && /^\d+$/.test(id)) {
      const identifierId = builder.entity('Identifier', {
        unique_id: `iana_registrar_id:${id}`,
        id,
        id_type: 'iana_registrar_id',
      });
      builder.edge(contactId, 'id', identifierId, properties).dispatch(identifierId);
      count += 1;
    }
  }
  for (const found of abuse) {
    const vcard = withoutRedacted(
      found.entity.vcardArray,
      ['abuse'],
      abuseReply?.redactions ?? { names: [], hidden: new Set() },
    );
    const card = parseJCard(vcard);
    if (card !== undefined) {
      const abuseProperties = abuseReply === undefined ? properties : { rdap_server: abuseReply.server };
      count += addCardDetails(builder, contactId, card, abuseProperties, { withAddress: false });
    }
  }
  return count;
}
