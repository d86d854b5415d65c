/** Label tables: the normalised keys of each registry format mapped to the fields they hold. */
import { NAME_PART_KEYS, NAME_QUALIFIERS } from './role-labels';
import type { ContactField, WhoisRole } from './types';

/**
 * A label table without a prototype: labels come from replies, and `constructor:` or
 * `__proto__:` must find nothing rather than Object's own members.
 */
export function lookupTable<T>(entries: Record<string, T>): Record<string, T> {
  return Object.assign(Object.create(null) as Record<string, T>, entries);
}

export const DOMAIN_KEYS = new Set(['domain name', 'domain', 'domainname']);
export const PUNY_KEYS = new Set(['puny name', 'punycode']);
export const ID_KEYS = new Set(['registry domain id', 'roid', 'domain id']);
export const WHOIS_SERVER_KEYS = new Set([
  'registrar whois server',
  'whois server',
  'refer',
  'whois',
  'referralserver',
]);
export const REGISTRAR_KEYS = new Set([
  'registrar',
  'registrar name',
  'sponsoring registrar',
  'authorized agency',
  // TWNIC: the registrar is the "registration service provider".
  'registration service provider',
]);
export const CREATED_KEYS = new Set([
  'creation date',
  'created',
  'created on',
  'created date',
  'registered on',
  'registered',
  'registered date',
  'registration date',
  'registration time',
  'first registration date',
  'domain registration date',
  // RPSL-style `registration: 21-March-2002` (.ie).
  'registration',
  '登録年月日',
]);
export const UPDATED_KEYS = new Set([
  'updated date',
  'updated',
  'last updated',
  'last updated date',
  'last update',
  'last-update',
  'last modified',
  'last-modified',
  'modified',
  'changed',
  '最終更新',
]);
export const EXPIRES_KEYS = new Set([
  'registry expiry date',
  'registrar registration expiration date',
  'expiration date',
  'expiration time',
  'expiry date',
  'expire date',
  'expires',
  'expires on',
  'paid-till',
  '有効期限',
]);
export const STATUS_KEYS = new Set(['domain status', 'status', 'state', 'registration status', '状態']);
export const DNSSEC_KEYS = new Set(['dnssec', 'signed']);
export const NAME_SERVER_KEYS = new Set([
  'name server',
  'name servers',
  'nameserver',
  'nameservers',
  'nserver',
  'domain nameservers',
  'host name',
]);

/**
 * Plain-line headings that open the record's own part of a reply (`Domain Details` in .im after
 * the contact blocks): the lines after one belong to the record, not to the contact before it.
 */
export const RECORD_HEADINGS: ReadonlySet<string> = new Set([
  'domain details',
  'domain information',
  'domain info',
  'domain data',
  'domain record',
  'registration details',
  'registration information',
]);

/**
 * Labels that name the record itself (`Record created on`, `Domain servers`, `Domain expires`):
 * the record's fields even when a registry writes them under a contact heading (.ee indents the
 * whole record under `Registrant:`).
 */
export const RECORD_LABEL = /^(?:record|domain)\b/;

export const SECTION_ROLES: Record<string, WhoisRole> = lookupTable({
  registrant: 'registrant',
  'contact information': 'registrant',
  // SWITCH (.ch, .li): `Holder of domain name:` then the holder's unlabelled lines.
  'holder of domain name': 'registrant',
  'admin contact': 'admin',
  'administrative contact': 'admin',
  'administrative contacts': 'admin',
  'technical contact': 'technical',
  'registrant contact': 'registrant',
  'technical contacts': 'technical',
  'tech contact': 'technical',
  'registrar technical contacts': 'technical',
  'billing contact': 'billing',
  'billing contacts': 'billing',
  registrar: 'registrar',
  titular: 'registrant',
  'contacto administrativo': 'admin',
  'contacto técnico': 'technical',
  'contacto tecnico': 'technical',
  'contact administratif': 'admin',
  'contact technique': 'technical',
  titulaire: 'registrant',
});

export const CONTACT_FIELD_KEYS: Record<string, ContactField> = lookupTable({
  id: 'id',
  name: 'name',
  'contact name': 'name',
  contact: 'name',
  person: 'name',
  'person name': 'name',
  personname: 'name',
  organization: 'organization',
  organisation: 'organization',
  org: 'organization',
  street: 'street',
  address: 'street',
  'postal address': 'street',
  city: 'city',
  'state/province': 'province',
  province: 'province',
  state: 'province',
  'postal code': 'postalCode',
  'zip code': 'postalCode',
  postcode: 'postalCode',
  郵便番号: 'postalCode',
  country: 'country',
  'country code': 'country',
  phone: 'phone',
  'phone number': 'phone',
  電話番号: 'phone',
  'phone ext': 'phoneExt',
  fax: 'fax',
  'fax number': 'fax',
  'fax-no': 'fax',
  fax番号: 'fax',
  'fax ext': 'faxExt',
  email: 'email',
  'e-mail': 'email',
  'contact email': 'email',
  web: 'url',
  website: 'url',
  'web page': 'url',
  url: 'url',
  // Further spellings and languages.
  'street address': 'street',
  'address line': 'street',
  'street line': 'street',
  adresse: 'street',
  dirección: 'street',
  direccion: 'street',
  endereço: 'street',
  indirizzo: 'street',
  zip: 'postalCode',
  zipcode: 'postalCode',
  postalcode: 'postalCode',
  'postal-code': 'postalCode',
  'code postal': 'postalCode',
  'código postal': 'postalCode',
  'codigo postal': 'postalCode',
  cap: 'postalCode',
  plz: 'postalCode',
  postleitzahl: 'postalCode',
  ciudad: 'city',
  ville: 'city',
  cidade: 'city',
  città: 'city',
  ort: 'city',
  stadt: 'city',
  'state province': 'province',
  region: 'province',
  région: 'province',
  provincia: 'province',
  estado: 'province',
  pays: 'country',
  país: 'country',
  pais: 'country',
  land: 'country',
  paese: 'country',
  'country name': 'country',
  'country/economy': 'country',
  telephone: 'phone',
  tel: 'phone',
  'phone no': 'phone',
  teléfono: 'phone',
  telefono: 'phone',
  téléphone: 'phone',
  telefon: 'phone',
  'voice phone': 'phone',
  facsimile: 'fax',
  'facsimile number': 'fax',
  'fax no': 'fax',
  telefax: 'fax',
  'email address': 'email',
  'e-mail address': 'email',
  courriel: 'email',
  'correo electrónico': 'email',
  'correo electronico': 'email',
  company: 'organization',
  'company name': 'organization',
  'organization name': 'organization',
  organizacion: 'organization',
  organización: 'organization',
  organizzazione: 'organization',
  nombre: 'name',
  nom: 'name',
  'contact id': 'id',
  contactid: 'id',
  handle: 'id',
  'nic handle': 'id',
  'web site': 'url',
  homepage: 'url',
  iana: 'id',
  'iana id': 'id',
});

/** The contact field a label names (`Street1` is a street; `person-loc` a name in local script). */
export function contactFieldOf(label: string): ContactField | undefined {
  return (
    CONTACT_FIELD_KEYS[label] ??
    CONTACT_FIELD_KEYS[label.replace(/\s*\d+$/, '')] ??
    CONTACT_FIELD_KEYS[label.replace(/-/g, ' ')] ??
    (NAME_PART_KEYS[label] === undefined ? undefined : 'name') ??
    (label.includes(' name') ? CONTACT_FIELD_KEYS[label.replace(NAME_QUALIFIERS, '')] : undefined) ??
    (label.endsWith('-loc') ? contactFieldOf(label.slice(0, -4)) : undefined) ??
    // `Country / Region`, `State or Province`: alternatives name the same field; the first is
    // the one the tables know.
    alternativeField(label)
  );
}

const ALTERNATIVES = /\s*(?:\/|\bor\b)\s*/;

/** The field of a label giving alternatives (`country / region`, `state or province`). */
function alternativeField(label: string): ContactField | undefined {
  if (!label.includes('/') && !label.includes(' or ')) {
    return undefined;
  }
  const first = label.split(ALTERNATIVES)[0] ?? '';
  return first === label ? undefined : CONTACT_FIELD_KEYS[first];
}

export const SPECIAL_CONTACT_KEYS: Record<string, [WhoisRole, ContactField]> = lookupTable({
  'ac e-mail': ['admin', 'email'],
  'ac phone number': ['admin', 'phone'],
  'registrar iana id': ['registrar', 'id'],
  'registrar url': ['registrar', 'url'],
  'referral url': ['registrar', 'url'],
  'registration service url': ['registrar', 'url'],
  'registrar abuse contact email': ['registrar', 'email'],
  'registrar abuse contact phone': ['registrar', 'phone'],
  'registrant address': ['registrant', 'street'],
  holder: ['registrant', 'id'],
  ownerid: ['registrant', 'id'],
  owner: ['registrant', 'organization'],
  org: ['registrant', 'organization'],
  responsible: ['registrant', 'name'],
});
/** Keys that name a contact block's own handle (RPSL and its relatives). */
export const HANDLE_KEYS = new Set(['nic-hdl', 'nic-hdl-br', 'nic-handle', 'contact-id']);

/** Keys of a domain block that refer to a contact block by its handle. */
export const HANDLE_ROLES: Record<string, WhoisRole> = lookupTable({
  registrant: 'registrant',
  holder: 'registrant',
  owner: 'registrant',
  admin: 'admin',
  tech: 'technical',
  billing: 'billing',
  'holder-c': 'registrant',
  'owner-c': 'registrant',
  'admin-c': 'admin',
  'tech-c': 'technical',
  'billing-c': 'billing',
});

/** The record-level fields a label can name. */
export type RecordField =
  | 'domain'
  | 'punycode'
  | 'id'
  | 'whoisServer'
  | 'created'
  | 'updated'
  | 'expires'
  | 'status'
  | 'dnssec'
  | 'nameServer';

/** More labels in other languages and registry dialects, by field (exact, normalised). */
const MORE_LABELS: Record<RecordField, string[]> = {
  domain: [
    'nom de domaine',
    'dominio',
    'nombre de dominio',
    'domeinnaam',
    'domänname',
    'ドメイン名',
    'domain name ascii',
  ],
  punycode: ['ace', 'domain ace', 'idn'],
  id: ['domain handle', 'registry object id'],
  whoisServer: [],
  created: [
    'domain record activated',
    'domain registered',
    'domain created',
    'record created',
    'entry created',
    'fecha de creacion',
    'fecha de creación',
    'date de creation',
    'date de création',
    'data de registo',
    'registrado em',
    'data registrazione',
    'criado',
  ],
  updated: [
    'entry updated',
    'record last updated',
    'fecha de actualizacion',
    'fecha de actualización',
    'ultima modifica',
    'alterado',
  ],
  expires: [
    'renewal date',
    'valid until',
    'expire',
    'expire-date',
    'fecha de vencimiento',
    'fecha de expiracion',
    'fecha de expiración',
    "date d'expiration",
    'data de expiração',
    'scadenza',
    'expira',
  ],
  status: ['query status', 'estado', 'statut', 'stato', 'domain state', 'status domeny', 'ステータス'],
  dnssec: ['ds records', 'dnssec status'],
  nameServer: [
    'domain server',
    'domain servers',
    'domain servers in listed order',
    'name servers in the listed order',
    'name servers in listed order',
    'name servers listed in order',
    'domain name servers listed in order',
    'servidor(es) de nombres de dominio',
    'servidores de nombres de dominio',
    'ns',
    'dns',
    'dns servers',
    'servidores dns',
    'serveurs dns',
    'name servers information',
    'hostname',
    'ネームサーバ',
    'name server information',
    'primary server',
    'secondary server',
    'nameservers in listed order',
    // `ns_name_01` (.nz): the number is the slot.
    'ns name',
  ],
};

const EXACT_LABELS = new Map<string, RecordField>();
for (const [field, keys] of [
  ['domain', DOMAIN_KEYS],
  ['punycode', PUNY_KEYS],
  ['id', ID_KEYS],
  ['whoisServer', WHOIS_SERVER_KEYS],
  ['created', CREATED_KEYS],
  ['updated', UPDATED_KEYS],
  ['expires', EXPIRES_KEYS],
  ['status', STATUS_KEYS],
  ['dnssec', DNSSEC_KEYS],
  ['nameServer', NAME_SERVER_KEYS],
] as const) {
  for (const key of keys) {
    EXACT_LABELS.set(key, field);
  }
}
for (const [field, keys] of Object.entries(MORE_LABELS) as [RecordField, string[]][]) {
  for (const key of keys) {
    EXACT_LABELS.set(key, field);
  }
}

/**
 * Date labels by their words, for the many phrasings registries use (`Record expires on`,
 * `Last Updated On`, `Domain record activated`); the first rule that matches wins. A contact's
 * own dates (`Registrant Created`, `Admin. Updated`) are not the record's.
 */
const DATE_RULES: [RegExp, RecordField][] = [
  // `exp` alone is the common abbreviation (`Exp date`, .th).
  [/expir|\bexp\b|paid.till|billed.?until|renewal|valid.until|vencimiento|scadenza|free.date/, 'expires'],
  [/updat|modif|changed|last.change|actualiza/, 'updated'],
  [/creat|registered|registration (?:date|time)|activated|approved|commencement|creaci|registo/, 'created'],
];
const CONTACT_LABEL =
  /^(?:registrant|owner|holder|admin|administrative|tech|technical|billing|contact|registrar|zone)\b/;

const labelCache = new Map<string, RecordField | null>();

function classify(key: string): RecordField | undefined {
  const exact =
    EXACT_LABELS.get(key) ??
    // Numbered name-server labels (`ns1_hostname`, `dns2 hostname`): the number is the slot.
    (/^(?:ns|dns|nserver)\d+ /.test(key) ? EXACT_LABELS.get(key.replace(/^\S+ /, '')) : undefined) ??
    EXACT_LABELS.get(key.replace(/\s+\d+$/, '')) ??
    EXACT_LABELS.get(key.replace(/-/g, ' '));
  if (exact !== undefined) {
    return exact;
  }
  // Bilingual labels: `Data de registo / Creation Date`, `Nincs / No`.
  if (key.includes(' / ')) {
    for (const part of key.split(' / ')) {
      const field = classify(part.trim());
      if (field !== undefined) {
        return field;
      }
    }
  }
  if (CONTACT_LABEL.test(key) || key.length > 40) {
    return undefined;
  }
  for (const [pattern, field] of DATE_RULES) {
    if (pattern.test(key)) {
      return field;
    }
  }
  return undefined;
}

/** The record field a normalised label names, if any (exact tables first, then word rules). */
export function recordFieldOf(key: string): RecordField | undefined {
  let field = labelCache.get(key);
  if (field === undefined) {
    field = classify(key) ?? null;
    // Labels come from replies: keep the cache bounded whatever a server sends.
    if (labelCache.size > 4096) {
      labelCache.clear();
    }
    labelCache.set(key, field);
  }
  return field ?? undefined;
}

/** True when a label was recognised only by a word rule (its value must then parse as a date). */
export function isRuleDateLabel(key: string): boolean {
  return (
    !EXACT_LABELS.has(key) &&
    !EXACT_LABELS.has(key.replace(/\s+\d+$/, '')) &&
    !EXACT_LABELS.has(key.replace(/-/g, ' '))
  );
}
