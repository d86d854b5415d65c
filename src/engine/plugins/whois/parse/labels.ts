/** Label tables: the normalised keys of each registry format mapped to the fields they hold. */
import type { ContactField, WhoisRole } from './types';

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

export const SECTION_ROLES: Record<string, WhoisRole> = {
  registrant: 'registrant',
  'contact information': 'registrant',
  'admin contact': 'admin',
  'administrative contact': 'admin',
  'administrative contacts': 'admin',
  'technical contact': 'technical',
  'technical contacts': 'technical',
  'tech contact': 'technical',
  'registrar technical contacts': 'technical',
  'billing contact': 'billing',
  'billing contacts': 'billing',
  registrar: 'registrar',
};

export const CONTACT_FIELD_KEYS: Record<string, ContactField> = {
  id: 'id',
  name: 'name',
  'contact name': 'name',
  contact: 'name',
  person: 'name',
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
};

export const PREFIXED =
  /^(?:registry )?(registrant|admin|administrative|tech|technical|billing)(?: contact)?(?: (.+))?$/;
export const PREFIX_ROLES: Record<string, WhoisRole> = {
  registrant: 'registrant',
  admin: 'admin',
  administrative: 'admin',
  tech: 'technical',
  technical: 'technical',
  billing: 'billing',
};
export const SPECIAL_CONTACT_KEYS: Record<string, [WhoisRole, ContactField]> = {
  'ac e-mail': ['admin', 'email'],
  'ac phone number': ['admin', 'phone'],
  'registrar iana id': ['registrar', 'id'],
  'registrar url': ['registrar', 'url'],
  'referral url': ['registrar', 'url'],
  'registrar abuse contact email': ['registrar', 'email'],
  'registrar abuse contact phone': ['registrar', 'phone'],
  'registrant address': ['registrant', 'street'],
  holder: ['registrant', 'id'],
  ownerid: ['registrant', 'id'],
  owner: ['registrant', 'organization'],
  org: ['registrant', 'organization'],
  responsible: ['registrant', 'name'],
};
export const HANDLE_ROLES: Record<string, WhoisRole> = {
  'holder-c': 'registrant',
  'owner-c': 'registrant',
  'admin-c': 'admin',
  'tech-c': 'technical',
  'billing-c': 'billing',
};
