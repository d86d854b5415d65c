/**
 * A domain lookup's RDAP replies (the registry's, then the registrar's) as the graph WHOIS writes
 * for a DomainRecord: the record's dates, statuses and DNSSEC flag, its name servers and WHOIS
 * server (FQDN), and its contacts. Dates and statuses come from the registry (authoritative),
 * the registrar's filling only what the registry left out; contacts from the registrar. Every
 * edge names the server its fact came from (`rdap_server`).
 */
import type { DomainRecord } from '../../../shared/model/asset';
import { isObject } from '../../util/is-object';
import { FindingsBuilder, type Findings, type GraphReader } from '../../core/plugin-api';
import { addDomainContacts, type DomainReply } from './domain-contacts';
import { dedupeFindings } from './expand';
import { findWhoisServer, toUtcSeconds } from './mapping';

type DateField = 'created_date' | 'updated_date' | 'expiration_date';

/**
 * Event actions (RFC 9083 §10.2.3, plus the "last update" some registrars write) per record
 * field. "last update of RDAP database" is the server's refresh time, never the domain's.
 * "registrar expiration" is used only when no reply has an "expiration".
 */
const EVENT_FIELDS: Readonly<Record<string, DateField>> = {
  registration: 'created_date',
  'last changed': 'updated_date',
  'last update': 'updated_date',
  expiration: 'expiration_date',
};

const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

function eventDates(
  object: Record<string, unknown>,
): Partial<Record<DateField | 'registrar_expiration', string>> {
  const dates: Partial<Record<DateField | 'registrar_expiration', string>> = {};
  for (const event of Array.isArray(object.events) ? object.events : []) {
    if (!isObject(event)) {
      continue;
    }
    const action = text(event.eventAction)?.toLowerCase();
    const date = toUtcSeconds(event.eventDate);
    const field = action === 'registrar expiration' ? 'registrar_expiration' : action && EVENT_FIELDS[action];
    if (field && date !== undefined) {
      dates[field] ??= date;
    }
  }
  return dates;
}

/**
 * An RDAP status as the EPP status WHOIS shows (RFC 8056 §2: "client delete prohibited" is
 * clientDeleteProhibited, "active" is ok), so both protocols give one record.
 */
export function eppStatus(status: string): string {
  const words = status.trim().toLowerCase().split(/\s+/);
  if (words.length === 1 && words[0] === 'active') {
    return 'ok';
  }
  if (!words.every((word) => /^[a-z]+$/.test(word))) {
    return status.trim();
  }
  return words
    .map((word, index) => (index === 0 ? word : `${word[0]?.toUpperCase() ?? ''}${word.slice(1)}`))
    .join('');
}

function statusesOf(object: Record<string, unknown>): string[] {
  const values = Array.isArray(object.status) ? object.status : [];
  return [
    ...new Set(
      values
        .map(text)
        .filter((value): value is string => value !== undefined)
        .map(eppStatus),
    ),
  ];
}

/** A host name from a name server's `ldhName` (or its `unicodeName` as an A-label). */
export function nameServerHost(nameServer: unknown): string | undefined {
  if (!isObject(nameServer)) {
    return undefined;
  }
  const raw = text(nameServer.ldhName) ?? text(nameServer.unicodeName);
  if (raw === undefined) {
    return undefined;
  }
  const host = toALabel(raw);
  return host !== undefined && HOST_NAME.test(host) ? host : undefined;
}

/** A domain or host name as its lowercased A-label form without the root dot; undefined when invalid. */
export function toALabel(name: string): string | undefined {
  const trimmed = name.trim().replace(/\.$/, '');
  try {
    const host = new URL(`http://${trimmed}/`).hostname;
    return host === '' ? undefined : host.toLowerCase();
  } catch {
    return undefined;
  }
}

function delegationSigned(object: Record<string, unknown>): boolean | undefined {
  const secure = object.secureDNS;
  return isObject(secure) && typeof secure.delegationSigned === 'boolean'
    ? secure.delegationSigned
    : undefined;
}

/** The object without its undefined fields (optional fields must be absent, not undefined). */
function defined<T extends object>(value: { [K in keyof T]: T[K] | undefined }): T {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as T;
}

/** The raw text kept on the record: each reply with the URL it came from, in lookup order. */
export function rawReplies(replies: readonly DomainReply[]): string {
  return JSON.stringify(replies.map((reply) => ({ url: reply.url, reply: reply.object })));
}

/**
 * The findings of a domain lookup. `replies` are the registry's reply, then the registrar's when
 * it answered; `aLabel` is the name that was asked.
 */
export function buildDomainFindings(
  graph: GraphReader,
  record: Pick<DomainRecord, 'domain'>,
  aLabel: string,
  replies: readonly DomainReply[],
): Findings {
  const builder = new FindingsBuilder();
  const registryFirst = replies;
  const registrarFirst = [...replies].reverse();
  const first = <T>(
    order: readonly DomainReply[],
    read: (reply: DomainReply) => T | undefined,
  ): T | undefined => order.map(read).find((value) => value !== undefined);

  const dates = registryFirst.map((reply) => eventDates(reply.object));
  const date = (field: DateField): string | undefined =>
    dates.map((found) => found[field]).find((value) => value !== undefined);
  const statuses = first(registryFirst, (reply) => {
    const list = statusesOf(reply.object);
    return list.length > 0 ? list : undefined;
  });
  const whoisServer = first(registrarFirst, (reply) => findWhoisServer(reply.object));
  const redacted = [...new Set(replies.flatMap((reply) => reply.redactions.names))];
  const domain = record.domain;
  const firstDot = domain.indexOf('.');
  const recordId = builder.entity(
    'DomainRecord',
    defined<DomainRecord>({
      domain,
      raw: rawReplies(replies),
      id: first(registryFirst, (reply) => text(reply.object.handle)),
      punycode: aLabel !== domain.toLowerCase().replace(/\.$/, '') ? aLabel : undefined,
      name: firstDot > 0 ? domain.slice(0, firstDot) : undefined,
      extension: firstDot > 0 ? domain.slice(firstDot + 1) : undefined,
      whois_server: whoisServer,
      created_date: date('created_date'),
      updated_date: date('updated_date'),
      expiration_date:
        date('expiration_date') ??
        dates.map((found) => found.registrar_expiration).find((value) => value !== undefined),
      status: statuses,
      dnssec: first(registryFirst, (reply) => delegationSigned(reply.object)),
      redacted: redacted.length > 0 ? redacted : undefined,
    }),
  );

  const seen = new Set<string>();
  for (const reply of registryFirst) {
    const nameServers = Array.isArray(reply.object.nameservers) ? reply.object.nameservers : [];
    for (const nameServer of nameServers) {
      const host = nameServerHost(nameServer);
      if (host !== undefined && !seen.has(host)) {
        seen.add(host);
        const fqdnId = builder.entity('FQDN', { name: host });
        builder.edge(recordId, 'name_server', fqdnId, { rdap_server: reply.server }).dispatch(fqdnId);
      }
    }
  }
  if (whoisServer !== undefined) {
    const from = registrarFirst.find((reply) => findWhoisServer(reply.object) === whoisServer);
    const fqdnId = builder.entity('FQDN', { name: whoisServer });
    builder
      .edge(recordId, 'whois_server', fqdnId, from === undefined ? undefined : { rdap_server: from.server })
      .dispatch(fqdnId);
  }
  addDomainContacts(builder, graph, recordId, replies);
  // One entity may hold several roles, or sit both nested and at the top level (registro.br).
  return dedupeFindings(builder.build());
}
