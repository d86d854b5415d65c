/**
 * companyRounds: a company Identifier to its financial graph. Organization `account` -> checking
 * Account; per round a FundsTransfer `sender` -> seed Account and `recipient` -> checking Account;
 * investors (Organization or Person) `account` -> the seed Account.
 */
import type { EntityId } from '../../../../shared/model/asset';
import { createOrganization } from '../../../support/organization';
import {
  FindingsBuilder,
  defineHandler,
  emptyFindings,
  type Findings,
  type GraphReader,
  type HandlerContext,
} from '../../../core/plugin-api';
import { callFrom, listFundingRounds } from '../client';
import {
  checkingAccount,
  companyIdentifier,
  findCompanyOrganization,
  organizationToAttachTo,
  findIdentifiedPerson,
  isCompanyIdentifier,
  personFromRecord,
  personIdentifier,
  roundTransfer,
  seedAccount,
} from '../mapping';
import type { CompanyInvestor, CompanyPerson, FundingRound } from '../wire';
import type { CompanyDataResources } from '../client';

type Context = HandlerContext<'Identifier', CompanyDataResources>;

/** Lookup path: the checking Account and the transfers into it, confirmed by CompanyData within the TTL. */
function lookup(context: Context): Findings | null {
  const { graph, confirmed } = context;
  const organization = findCompanyOrganization(graph, context.entity.id);
  if (organization === undefined) {
    return null;
  }
  const builder = new FindingsBuilder();
  for (const { entity: account } of confirmed.outgoing(organization.id, ['account'])) {
    if (account.type !== 'Account' || account.asset.account_type !== 'checking') {
      continue;
    }
    builder.dispatch(account.id);
    for (const { entity: transfer } of confirmed.incoming(account.id, ['recipient'])) {
      if (transfer.type === 'FundsTransfer') {
        builder.dispatch(transfer.id);
      }
    }
  }
  return builder.build();
}

function addCompanyInvestor(
  graph: GraphReader,
  builder: FindingsBuilder,
  investor: CompanyInvestor,
): EntityId {
  const identifierId = builder.entity('Identifier', companyIdentifier(investor.id));
  const known = findCompanyOrganization(graph, identifierId);
  const orgId = known?.id ?? createOrganization(graph, builder, { name: investor.name });
  builder.edge(orgId, 'id', identifierId);
  // The Identifier brings the investor's own enrich, employees and rounds (within the depth limit).
  builder.dispatch(orgId, identifierId);
  return orgId;
}

function addPersonInvestor(
  graph: GraphReader,
  builder: FindingsBuilder,
  investor: CompanyPerson,
): EntityId | undefined {
  if (investor.id !== '') {
    const identifierId = builder.entity('Identifier', personIdentifier(investor.id));
    const known = findIdentifiedPerson(graph, identifierId);
    const person = known === undefined ? personFromRecord(investor.fullName) : undefined;
    const personId = known?.id ?? (person === undefined ? undefined : builder.entity('Person', person));
    if (personId !== undefined) {
      builder.edge(personId, 'id', identifierId).dispatch(personId);
    }
    return personId;
  }
  const person = personFromRecord(investor.fullName);
  if (person === undefined) {
    return undefined;
  }
  const personId = builder.entity('Person', person);
  builder.dispatch(personId);
  return personId;
}

function addRound(
  graph: GraphReader,
  builder: FindingsBuilder,
  companyId: string,
  checkingId: EntityId,
  round: FundingRound,
): void {
  const seedId = builder.entity('Account', seedAccount(companyId, round));
  const transferId = builder.entity('FundsTransfer', roundTransfer(companyId, round));
  const roundProperties = {
    ...(round.name === '' ? {} : { round: round.name }),
    ...(round.stage === '' ? {} : { stage: round.stage }),
  };
  builder
    .edge(transferId, 'sender', seedId, roundProperties)
    .edge(transferId, 'recipient', checkingId, roundProperties)
    .dispatch(transferId, seedId);
  for (const investor of round.companyInvestors) {
    builder.edge(addCompanyInvestor(graph, builder, investor), 'account', seedId);
  }
  for (const investor of round.personInvestors) {
    const personId = addPersonInvestor(graph, builder, investor);
    if (personId !== undefined) {
      builder.edge(personId, 'account', seedId);
    }
  }
}

async function query(context: Context): Promise<Findings> {
  const { entity, graph } = context;
  const organization = organizationToAttachTo(context);
  if (organization === undefined) {
    return emptyFindings();
  }
  const rounds = await listFundingRounds(callFrom(context), entity.asset.id);
  if (rounds.length === 0) {
    return emptyFindings();
  }
  const builder = new FindingsBuilder();
  const checkingId = builder.entity('Account', checkingAccount(entity.asset.id));
  builder.edge(organization.id, 'account', checkingId).dispatch(checkingId);
  for (const round of rounds) {
    addRound(graph, builder, entity.asset.id, checkingId, round);
  }
  // A person investing in two rounds yields the same `account` edge twice: the write path folds
  // equal edges into one, so they are not filtered here.
  return builder.build();
}

export const companyRoundsHandler = defineHandler<'Identifier', CompanyDataResources>({
  name: 'companydata/company-rounds',
  eventType: 'Identifier',
  priority: 7,
  transforms: ['Organization', 'Account', 'FundsTransfer'],
  accepts: isCompanyIdentifier,
  lookup,
  query,
});
