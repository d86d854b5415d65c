/** The shapes the WHOIS parser produces. */

export type WhoisRole = 'registrar' | 'registrant' | 'admin' | 'technical' | 'billing';

export const WHOIS_ROLES: readonly WhoisRole[] = ['registrar', 'registrant', 'admin', 'technical', 'billing'];

export interface WhoisContact {
  id?: string;
  name?: string;
  organization?: string;
  street?: string;
  city?: string;
  province?: string;
  postalCode?: string;
  country?: string;
  phone?: string;
  phoneExt?: string;
  fax?: string;
  faxExt?: string;
  email?: string;
  /** The contact's web page or referral URL (a registrar's URL). */
  url?: string;
}

/**
 * `record`: a domain record; `not_found`: the registry has no such domain; `throttled`: the
 * server asks us to slow down (retry later); `refused`: the server will not answer (database
 * down, client not authorised); `referral`: an IANA TLD record; `terms_only`: only terms-of-use
 * text; `unknown`: text in no format we know (kept raw, not re-asked); `empty`: no text at all.
 */
export type WhoisReplyKind =
  'record' | 'not_found' | 'throttled' | 'refused' | 'referral' | 'terms_only' | 'unknown' | 'empty';

export interface ParsedWhois {
  kind: WhoisReplyKind;
  domain?: string | undefined;
  punycode?: string | undefined;
  id?: string | undefined;
  registrar?: string | undefined;
  /** The WHOIS server the reply names for the domain (registrar WHOIS server). */
  whoisServer?: string | undefined;
  /** Where to ask next (`host` or `host:port`): IANA's `refer:`, a registrar WHOIS server. */
  referral?: string | undefined;
  /** RFC 3339 UTC (`YYYY-MM-DDTHH:MM:SSZ`) when the date was understood, else the raw text. */
  createdDate?: string | undefined;
  updatedDate?: string | undefined;
  expirationDate?: string | undefined;
  status: string[];
  dnssec?: boolean | undefined;
  nameServers: string[];
  contacts: Partial<Record<WhoisRole, WhoisContact>>;
}

export type ContactField = keyof WhoisContact;
