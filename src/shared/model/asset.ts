/**
 * The Open Asset Model (OAM v0.15) asset types this app handles, with their JSON field names and
 * identity keys. Exports use exactly these shapes, so they load into other OAM tools.
 * Importable by every process (the identity rules it uses are pure).
 */
import { canonicalHostName } from '../identity/domain';
import { canonicalCidr, canonicalIp } from '../identity/ip';
import { locationKeyOfText } from '../identity/location';

/** Asset type names, spelled as OAM spells them (the Go type names). */
export const ASSET_TYPES = [
  'Account',
  'AutnumRecord',
  'AutonomousSystem',
  'ContactRecord',
  'DomainRecord',
  'FQDN',
  'FundsTransfer',
  'Identifier',
  'IPAddress',
  'IPNetRecord',
  'Location',
  'Netblock',
  'Organization',
  'Person',
  'Phone',
  'URL',
] as const;

export type AssetType = (typeof ASSET_TYPES)[number];

export function isAssetType(value: string): value is AssetType {
  return (ASSET_TYPES as readonly string[]).includes(value);
}

export interface Organization {
  unique_id: string;
  name: string;
  legal_name?: string;
  founding_date?: string;
  jurisdiction?: string;
  registration_id?: string;
  industry?: string;
  target_markets?: string[];
  active?: boolean;
  non_profit?: boolean;
  headcount?: number;
}

/** OAM identifier types used by this app (`id_type`). */
export type IdentifierType =
  | 'lei'
  | 'legal_name'
  | 'org_name'
  | 'bic'
  | 'mic'
  | 'ocid'
  | 'spglobal'
  | 'email'
  | 'companydata_company_id'
  | 'companydata_person_id'
  /** A registrar's IANA id (RDAP `publicIds`, WHOIS "Registrar IANA ID"). */
  | 'iana_registrar_id';

export interface Identifier {
  /** `<id_type>:<id>`, e.g. `lei:INR2EJN1ERAN0W5ZP974`. */
  unique_id: string;
  id: string;
  id_type: IdentifierType;
  creation_date?: string;
  update_date?: string;
  expiration_date?: string;
  /** For LEI identifiers: the registration status (ISSUED, LAPSED, RETIRED, ...). */
  status?: string;
}

export interface Person {
  unique_id: string;
  full_name: string;
  first_name?: string;
  middle_name?: string;
  family_name?: string;
  birth_date?: string;
  gender?: string;
}

export interface Account {
  unique_id: string;
  account_type: string;
  username?: string;
  account_number?: string;
  balance?: number;
  active?: boolean;
}

export interface FundsTransfer {
  unique_id: string;
  amount: number;
  reference_number?: string;
  currency?: string;
  transfer_method?: string;
  exchange_date?: string;
  exchange_rate?: number;
}

export interface AutonomousSystem {
  number: number;
}

export interface Netblock {
  cidr: string;
  type: 'IPv4' | 'IPv6';
}

export interface IPAddress {
  address: string;
  type: 'IPv4' | 'IPv6';
}

export interface AutnumRecord {
  raw?: string;
  number: number;
  handle: string;
  name: string;
  whois_server?: string;
  created_date: string;
  updated_date: string;
  status?: string[];
}

export interface IPNetRecord {
  raw?: string;
  cidr: string;
  handle: string;
  start_address: string;
  end_address: string;
  type: 'IPv4' | 'IPv6';
  name: string;
  method?: string;
  country?: string;
  parent_handle?: string;
  whois_server?: string;
  created_date: string;
  updated_date: string;
  status?: string[];
}

export interface DomainRecord {
  raw?: string;
  id?: string;
  domain: string;
  punycode?: string;
  name?: string;
  extension?: string;
  whois_server?: string;
  created_date?: string;
  updated_date?: string;
  expiration_date?: string;
  status?: string[];
  dnssec?: boolean;
  /** What the registry or registrar declared redacted (RFC 9537 names, e.g. "Registrant Email"). */
  redacted?: string[];
}

export interface ContactRecord {
  discovered_at: string;
}

export interface Location {
  address: string;
  building?: string;
  building_number?: string;
  street_name?: string;
  unit?: string;
  po_box?: string;
  city: string;
  locality?: string;
  province?: string;
  country?: string;
  postal_code?: string;
  gln?: number;
}

export interface Phone {
  type?: 'phone' | 'fax' | 'mobile';
  raw: string;
  e164: string;
  country_abbrev?: string;
  country_code?: number;
  ext?: string;
}

export interface FQDN {
  name: string;
}

export interface URLAsset {
  url: string;
  scheme: string;
  username?: string;
  password?: string;
  host: string;
  port?: number;
  path: string;
  options?: string;
  fragment?: string;
}

/** Maps each asset type to its OAM JSON shape. */
export interface AssetOfType {
  Account: Account;
  AutnumRecord: AutnumRecord;
  AutonomousSystem: AutonomousSystem;
  ContactRecord: ContactRecord;
  DomainRecord: DomainRecord;
  FQDN: FQDN;
  FundsTransfer: FundsTransfer;
  Identifier: Identifier;
  IPAddress: IPAddress;
  IPNetRecord: IPNetRecord;
  Location: Location;
  Netblock: Netblock;
  Organization: Organization;
  Person: Person;
  Phone: Phone;
  URL: URLAsset;
}

export type AssetOf<T extends AssetType> = AssetOfType[T];

/** An asset together with its type: the unit plugins produce and the graph stores. */
export type TypedAsset = { [T in AssetType]: { type: T; asset: AssetOfType[T] } }[AssetType];

/**
 * The OAM identity key of each asset type (the field asset-db indexes as unique).
 * Phone is keyed by `raw` (asset-db's lookup field), so a number with and without an extension
 * are two assets.
 */
const KEY_FIELD: { [T in AssetType]: keyof AssetOfType[T] } = {
  Account: 'unique_id',
  AutnumRecord: 'handle',
  AutonomousSystem: 'number',
  ContactRecord: 'discovered_at',
  DomainRecord: 'domain',
  FQDN: 'name',
  FundsTransfer: 'unique_id',
  Identifier: 'unique_id',
  IPAddress: 'address',
  IPNetRecord: 'handle',
  Location: 'address',
  Netblock: 'cidr',
  Organization: 'unique_id',
  Person: 'unique_id',
  Phone: 'raw',
  URL: 'url',
};

/** The OAM key of an asset as a string (AutonomousSystem numbers in decimal). */
export function assetKey<T extends AssetType>(type: T, asset: AssetOfType[T]): string {
  const value = asset[KEY_FIELD[type]];
  if (value === undefined || value === null || String(value) === '') {
    throw new Error(`${type} asset has no ${String(KEY_FIELD[type])}`);
  }
  return String(value);
}

/**
 * The identity key of an asset: the OAM key in its canonical spelling, so that two spellings of one
 * thing are one entity. Netblocks and IP addresses in canonical form (`2001:4860:0000::/32` is
 * `2001:4860::/32`, `8.8.8.8/24` is `8.8.8.0/24`); DNS names as lower-case IDNA A-labels
 * (`münchen.de` is `xn--mnchen-3ya.de`); e-mail and other identifiers without case, as asset-db's
 * NOCASE indexes compare them; street addresses folded (case, punctuation, spacing, accents, the
 * country as its alpha-2 code), so GLEIF's upper-case record and a WHOIS reply are one Location.
 * A key that does not parse keeps the lower-case text. The asset's own fields keep the source's
 * spelling: only the id is canonical.
 */
const lowerCase = (key: string): string => key.toLowerCase();
const IDENTITY_KEY: Partial<Record<AssetType, (key: string) => string>> = {
  Netblock: (key) => canonicalCidr(key)?.cidr ?? lowerCase(key),
  IPAddress: (key) => canonicalIp(key)?.address ?? lowerCase(key),
  FQDN: dnsNameKey,
  DomainRecord: dnsNameKey,
  Identifier: lowerCase,
  Location: locationKeyOfText,
};

function dnsNameKey(key: string): string {
  // Fast path: an ASCII name in lower case is already its own A-label.
  return /^[a-z0-9.-]+$/.test(key)
    ? key.replace(/\.$/, '')
    : (canonicalHostName(key)?.ascii ?? lowerCase(key));
}

/** Deterministic entity id: `<type>:<key>`; equal assets always get equal ids, in every run. */
export function entityIdOf<T extends AssetType>(type: T, asset: AssetOfType[T]): EntityId {
  const key = assetKey(type, asset);
  return `${type}:${IDENTITY_KEY[type]?.(key) ?? key}`;
}

/** Entity ids are `<AssetType>:<key>`. */
export type EntityId = string;
/** Edge ids are `<fromId>|<relation>|<toId>`. */
export type EdgeId = string;

export function edgeIdOf(from: EntityId, relation: string, to: EntityId): EdgeId {
  return `${from}|${relation}|${to}`;
}

/** The asset type encoded in an entity id. */
export function typeOfEntityId(id: EntityId): AssetType {
  const type = id.slice(0, id.indexOf(':'));
  if (!isAssetType(type)) {
    throw new Error(`not an entity id: ${id}`);
  }
  return type;
}

/** A short human label for an asset, used by the UI and the CLI summary. */
export function assetLabel(item: TypedAsset): string {
  switch (item.type) {
    case 'Organization':
      return item.asset.name;
    case 'Identifier':
      return item.asset.unique_id;
    case 'Person':
      return item.asset.full_name;
    case 'AutonomousSystem':
      return `AS${item.asset.number}`;
    case 'AutnumRecord':
      return `${item.asset.handle} ${item.asset.name}`.trim();
    case 'IPNetRecord':
      return `${item.asset.cidr} ${item.asset.name}`.trim();
    case 'Location':
      return item.asset.address;
    case 'Phone':
      return item.asset.e164 || item.asset.raw;
    case 'FundsTransfer':
      return `${item.asset.amount} ${item.asset.currency ?? ''}`.trim();
    case 'Account':
      return item.asset.unique_id;
    case 'Netblock':
      return item.asset.cidr;
    case 'IPAddress':
      return item.asset.address;
    case 'DomainRecord':
      return item.asset.domain;
    case 'ContactRecord':
      return item.asset.discovered_at;
    case 'FQDN':
      return item.asset.name;
    case 'URL':
      return item.asset.url;
  }
}
