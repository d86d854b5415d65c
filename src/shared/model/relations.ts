/**
 * The OAM v0.15 relation taxonomy for the asset types this app handles. The graph store rejects
 * every (from type, relation, to type) triple that is not listed here.
 */
import type { AssetType } from './asset';

type Taxonomy = { readonly [F in AssetType]?: Readonly<Record<string, readonly AssetType[]>> };

const CONTACT_ROLES = {
  whois_server: ['FQDN'],
  registrant: ['ContactRecord'],
  admin_contact: ['ContactRecord'],
  abuse_contact: ['ContactRecord'],
  technical_contact: ['ContactRecord'],
  rdap_url: ['URL'],
} as const satisfies Record<string, readonly AssetType[]>;

export const RELATION_TAXONOMY: Taxonomy = {
  Account: { id: ['Identifier'], user: ['Person', 'Organization'] },
  AutnumRecord: CONTACT_ROLES,
  AutonomousSystem: { announces: ['Netblock'], registration: ['AutnumRecord'] },
  ContactRecord: {
    fqdn: ['FQDN'],
    id: ['Identifier'],
    person: ['Person'],
    organization: ['Organization'],
    location: ['Location'],
    phone: ['Phone'],
    url: ['URL'],
  },
  DomainRecord: {
    name_server: ['FQDN'],
    whois_server: ['FQDN'],
    registrar_contact: ['ContactRecord'],
    registrant_contact: ['ContactRecord'],
    admin_contact: ['ContactRecord'],
    technical_contact: ['ContactRecord'],
    billing_contact: ['ContactRecord'],
  },
  FQDN: {
    dns_record: ['FQDN', 'IPAddress'],
    node: ['FQDN'],
    registration: ['DomainRecord'],
    verified_for: ['Organization'],
  },
  FundsTransfer: {
    id: ['Identifier'],
    sender: ['Account'],
    recipient: ['Account'],
    third_party: ['Organization'],
  },
  Identifier: {
    registration_agency: ['ContactRecord'],
    issuing_authority: ['ContactRecord'],
    issuing_agent: ['ContactRecord'],
  },
  IPAddress: { ptr_record: ['FQDN'] },
  IPNetRecord: CONTACT_ROLES,
  Location: { id: ['Identifier'] },
  Netblock: { contains: ['IPAddress'], registration: ['IPNetRecord'] },
  Organization: {
    id: ['Identifier'],
    legal_address: ['Location'],
    hq_address: ['Location'],
    location: ['Location'],
    subsidiary: ['Organization'],
    org_unit: ['Organization'],
    account: ['Account'],
    member: ['Person'],
    website: ['URL'],
    social_media_profile: ['URL'],
    funding_source: ['Person', 'Organization'],
  },
  Person: { id: ['Identifier'], address: ['Location'], phone: ['Phone'], account: ['Account'] },
  Phone: { account: ['Account'], contact: ['ContactRecord'] },
  URL: { domain: ['FQDN'], ip_address: ['IPAddress'] },
};

/** True when OAM allows `from -relation-> to` (the relation label compared in lower case). */
export function isValidRelation(from: AssetType, relation: string, to: AssetType): boolean {
  const allowed = RELATION_TAXONOMY[from]?.[relation.toLowerCase()];
  return allowed !== undefined && allowed.includes(to);
}
