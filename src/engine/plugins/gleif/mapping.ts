/** The LEI record mapping: one record onto one Organization, as findings (used by both handlers). */
import type { EntityId, Identifier, IdentifierType, Organization } from '../../../shared/model/asset';
import { leiAddressToLocation } from '../../support/location';
import type { FindingsBuilder } from '../../core/plugin-api';
import type { LeiAddress, LeiRecord } from './wire';

/** Why an Organization holds its LEI: shown on the `id` edge. */
export type LeiMatchType = 'exact' | 'partial' | 'known';

export interface LeiMatch {
  score: number;
  matchType: LeiMatchType;
  /** More `id` edge properties, such as the review state of an accepted candidate (review.ts). */
  edgeProperties?: Record<string, string | number | boolean>;
}

/** The Organization as it stands: its key and name (the name is kept, never replaced). */
export interface OrganizationRef {
  unique_id: string;
  name: string;
}

/** The LEI Identifier of a record: `lei:<LEI>` with the registration status and dates. */
export function leiIdentifierOf(record: LeiRecord): Identifier {
  const identifier: Identifier = { unique_id: `lei:${record.lei}`, id: record.lei, id_type: 'lei' };
  const registration = record.registration;
  if (registration.status !== undefined) {
    identifier.status = registration.status;
  }
  if (registration.initialRegistrationDate !== undefined) {
    identifier.creation_date = registration.initialRegistrationDate;
  }
  if (registration.lastUpdateDate !== undefined) {
    identifier.update_date = registration.lastUpdateDate;
  }
  if (registration.nextRenewalDate !== undefined) {
    identifier.expiration_date = registration.nextRenewalDate;
  }
  return identifier;
}

/** The Organization fields a record sets (spec: LEI record mapping). */
export function organizationFieldsOf(record: LeiRecord): Omit<Organization, 'unique_id' | 'name'> {
  const fields: Omit<Organization, 'unique_id' | 'name'> = { legal_name: record.legalName.toLowerCase() };
  if (record.creationDate !== undefined) {
    fields.founding_date = record.creationDate;
  }
  if (record.jurisdiction !== undefined) {
    fields.jurisdiction = record.jurisdiction;
  }
  if (record.registeredAs !== undefined) {
    fields.registration_id = record.registeredAs;
  }
  if (record.entityStatus !== undefined) {
    fields.active = record.entityStatus.toUpperCase() === 'ACTIVE';
  }
  return fields;
}

/**
 * Adds a record's findings for an Organization to the builder and returns the LEI Identifier's
 * entity id: the LEI Identifier and the Organization `id` edge carrying the match score and type,
 * the Organization fields, Identifiers (legal name, other and transliterated names, BIC, MIC,
 * OpenCorporates, S&P Global) with `id` edges, and Locations for the legal (`legal_address`),
 * headquarters (`hq_address`) and other (`location`) addresses. Dispatching is left to the caller.
 */
export function addLeiRecordFindings(
  builder: FindingsBuilder,
  organization: OrganizationRef,
  record: LeiRecord,
  match: LeiMatch,
): EntityId {
  const orgId = builder.entity('Organization', {
    unique_id: organization.unique_id,
    name: organization.name,
    ...organizationFieldsOf(record),
  });
  const leiId = builder.entity('Identifier', leiIdentifierOf(record));
  builder.edge(orgId, 'id', leiId, {
    score: match.score,
    match_type: match.matchType,
    ...match.edgeProperties,
  });

  const identifiers: [IdentifierType, string][] = [
    ['legal_name', record.legalName.toLowerCase()],
    ...[...record.otherNames, ...record.transliteratedOtherNames].map((name): [IdentifierType, string] => [
      'org_name',
      name.toLowerCase(),
    ]),
    ...record.bic.map((code): [IdentifierType, string] => ['bic', code]),
    ...record.mic.map((code): [IdentifierType, string] => ['mic', code]),
    ...(record.ocid === undefined ? [] : [['ocid', record.ocid] as [IdentifierType, string]]),
    ...record.spglobal.map((code): [IdentifierType, string] => ['spglobal', code]),
  ];
  const linked = new Set<string>();
  for (const [idType, value] of identifiers) {
    if (linked.has(`${idType}:${value}`)) {
      continue;
    }
    linked.add(`${idType}:${value}`);
    const identifierId = builder.entity('Identifier', {
      unique_id: `${idType}:${value}`,
      id: value,
      id_type: idType,
    });
    builder.edge(orgId, 'id', identifierId);
  }

  const addresses: [string, LeiAddress | undefined][] = [
    ['legal_address', record.legalAddress],
    ['hq_address', record.headquartersAddress],
    ...record.otherAddresses.map((address): [string, LeiAddress] => ['location', address]),
  ];
  for (const [relation, address] of addresses) {
    if (address === undefined) {
      continue;
    }
    const location = leiAddressToLocation(address);
    if (location !== undefined) {
      builder.edge(orgId, relation, builder.entity('Location', location));
    }
  }
  return leiId;
}
