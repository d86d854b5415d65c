/**
 * Domain names in one canonical form: ids use the IDNA A-label (`xn--mnchen-3ya.de`), the
 * Unicode form (`münchen.de`) is what a person reads. The conversion is the WHATWG URL
 * parser's (UTS #46 processing, the same in Node and in browsers), so no second IDNA table is
 * kept here. A pasted URL or e-mail address is reduced to its host, and a host to its
 * registrable domain (Public Suffix List, through tldts), each with a notice that says so.
 */
import punycode from 'punycode/punycode.js';
import { parse } from 'tldts';

/** LDH labels of at most 63 characters, at most 253 in all, and a top-level label that is not all digits. */
const ASCII_DOMAIN = /^(?=.{1,253}$)(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+(?!\d+$)(?:[a-z0-9-]{2,63})$/;

export interface CanonicalDomain {
  /** The A-label form, lower case, no trailing dot: the identity. */
  ascii: string;
  /** The Unicode form for display (equal to `ascii` for an all-ASCII name). */
  unicode: string;
}

/** The canonical form of a host name, or undefined when it is not a valid DNS name. */
export function canonicalHostName(text: string): CanonicalDomain | undefined {
  const trimmed = text.trim().replace(/\.$/, '');
  if (trimmed === '' || /[\s/@:?#\\]/.test(trimmed)) {
    return undefined;
  }
  let ascii: string;
  try {
    ascii = new URL(`http://${trimmed}/`).hostname;
  } catch {
    return undefined;
  }
  if (!ASCII_DOMAIN.test(ascii)) {
    return undefined;
  }
  return { ascii, unicode: unicodeOf(ascii) };
}

function unicodeOf(ascii: string): string {
  try {
    return punycode.toUnicode(ascii);
  } catch {
    return ascii;
  }
}

export type DomainInputResult =
  { ok: true; domain: CanonicalDomain; notice?: string } | { ok: false; error: string };

/**
 * Reads what an investigator pastes as a domain: a name (`münchen.de`), a URL
 * (`https://www.example.co.uk/about`) or an e-mail address (`abuse@example.com`), and returns
 * the registrable domain with a notice when the input was reduced.
 */
export function readDomainInput(text: string): DomainInputResult {
  const input = text.trim();
  let host = input;
  let from: 'URL' | 'e-mail address' | undefined;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(input)) {
    try {
      host = new URL(input).hostname;
      from = 'URL';
    } catch {
      return { ok: false, error: `not a URL or domain name: "${input}"` };
    }
  } else if (/^[^@\s]+@[^@\s]+$/.test(input)) {
    host = input.slice(input.indexOf('@') + 1);
    from = 'e-mail address';
  }
  const canonical = canonicalHostName(host);
  if (canonical === undefined) {
    return { ok: false, error: `not a domain name: "${input}"` };
  }
  const registrable = registrableDomain(canonical.ascii);
  if (registrable === undefined) {
    return { ok: false, error: `"${input}" is a public suffix, not a registrable domain` };
  }
  const domain = registrable === canonical.ascii ? canonical : canonicalHostName(registrable);
  if (domain === undefined) {
    return { ok: false, error: `not a domain name: "${input}"` };
  }
  const reduced = from !== undefined || domain.ascii !== canonical.ascii;
  return reduced
    ? {
        ok: true,
        domain,
        notice: `${from === undefined ? 'host name' : from} "${input}" reduced to its domain ${domain.unicode}`,
      }
    : { ok: true, domain };
}

/**
 * The registrable domain of a canonical host name (`www.example.co.uk` -> `example.co.uk`), by the
 * ICANN section of the Public Suffix List (an unlisted top-level label counts as a one-label suffix,
 * the list's default rule); undefined when the name is a public suffix itself (`co.uk`).
 */
export function registrableDomain(asciiHost: string): string | undefined {
  const parsed = parse(asciiHost, { allowPrivateDomains: false });
  if (parsed.domain !== null && parsed.domain !== '') {
    return parsed.domain;
  }
  return parsed.isIcann === true ? undefined : asciiHost;
}
