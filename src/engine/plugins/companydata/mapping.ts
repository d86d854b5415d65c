/** How company-data facts sit in the case graph: identifier assets, ids scoped by company, graph reads. */
import type { Account, EntityId, FundsTransfer, Identifier, Person } from '../../../shared/model/asset';
import type { Entity } from '../../../shared/model/graph';
import { fullNameToPerson } from '../../support/person';
import type { GraphReader, Neighbour } from '../../core/plugin-api';
import type { Logger } from '../../util/logger';
import { COMPANYDATA_SOURCE } from './client';
import type { FundingRound } from './wire';
import { normalizeSpaces } from '../../../shared/util/text';

export const COMPANY_ID_TYPE = 'companydata_company_id';
export const PERSON_ID_TYPE = 'companydata_person_id';

export function companyIdentifier(companyId: string): Identifier {
  return { unique_id: `${COMPANY_ID_TYPE}:${companyId}`, id: companyId, id_type: COMPANY_ID_TYPE };
}

export function personIdentifier(personId: string): Identifier {
  return { unique_id: `${PERSON_ID_TYPE}:${personId}`, id: personId, id_type: PERSON_ID_TYPE };
}

/** True for the Identifier type the three Identifier handlers work on. */
export function isCompanyIdentifier(asset: Identifier): boolean {
  return asset.id_type === COMPANY_ID_TYPE && asset.id.trim() !== '';
}

/**
 * A Person from an API person record. The shared parser refuses names that look like roles or
 * organisations, which is right for WHOIS text; here the API says the record is a person, so a
 * name it refuses (e.g. one with a digit) is still kept as written.
 */
export function personFromRecord(fullName: string): Person | undefined {
  const parsed = fullNameToPerson(fullName);
  if (parsed !== undefined) {
    return parsed;
  }
  const name = normalizeSpaces(fullName);
  if (name === '' || name.length > 200) {
    return undefined;
  }
  return { unique_id: name.toLowerCase(), full_name: name };
}

/** The company's own checking Account: one per company, keyed by the company id. */
export function checkingAccount(companyId: string): Account {
  return {
    unique_id: `companydata:${companyId}:checking`,
    account_type: 'checking',
    account_number: 'default',
  };
}

/** The round's key inside its company: the API's round id, else its name and stage. */
function roundKey(round: FundingRound): string {
  return round.id !== '' ? `round-${round.id}` : `${round.name}:${round.stage}`;
}

/**
 * The seed Account standing for the round's funding source. Scoped by company (unlike the
 * reference's `<name>:<stage>`), so two companies' "Series A" never merge.
 */
export function seedAccount(companyId: string, round: FundingRound): Account {
  const account: Account = {
    unique_id: `companydata:${companyId}:${roundKey(round)}:seed`,
    account_type: 'seed',
    active: false,
  };
  if (round.moneyRaised !== undefined) {
    account.balance = round.moneyRaised;
  }
  return account;
}

export function roundTransfer(companyId: string, round: FundingRound): FundsTransfer {
  const transfer: FundsTransfer = {
    unique_id: `companydata:${companyId}:${roundKey(round)}`,
    amount: round.moneyRaised ?? 0,
    // The API reports every amount in US dollars.
    currency: 'USD',
  };
  if (round.id !== '') {
    transfer.reference_number = round.id;
  }
  if (round.announcedOn !== undefined) {
    transfer.exchange_date = round.announcedOn;
  }
  return transfer;
}

const byCompanyData = { relations: ['id'], source: COMPANYDATA_SOURCE.name };

/** The company Identifier among an Organization's `id` neighbours. */
export function companyIdentifierAmong(neighbours: Neighbour[]): Entity | undefined {
  return neighbours.find(
    ({ entity }) => entity.type === 'Identifier' && entity.asset.id_type === COMPANY_ID_TYPE,
  )?.entity;
}

/** The Organization holding a company Identifier through a CompanyData `id` edge. */
export function findCompanyOrganization(graph: GraphReader, identifierId: EntityId): Entity | undefined {
  return graph.incoming(identifierId, byCompanyData).find(({ entity }) => entity.type === 'Organization')
    ?.entity;
}

/**
 * The Organization a company Identifier's handler attaches its findings to, or undefined (and a
 * note in the log) when none holds it yet: the enrich handler creates it for a bare Identifier.
 */
export function organizationToAttachTo(context: {
  graph: GraphReader;
  entity: { id: EntityId; asset: Identifier };
  logger: Logger;
}): Entity | undefined {
  const organization = findCompanyOrganization(context.graph, context.entity.id);
  if (organization === undefined) {
    context.logger.info('CompanyData: no organization holds this company id yet', {
      id: context.entity.asset.id,
    });
  }
  return organization;
}

/** The Person holding a person Identifier through a CompanyData `id` edge. */
export function findIdentifiedPerson(graph: GraphReader, identifierId: EntityId): Entity | undefined {
  return graph.incoming(identifierId, byCompanyData).find(({ entity }) => entity.type === 'Person')?.entity;
}
