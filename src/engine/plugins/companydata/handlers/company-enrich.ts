/** companyEnrich: a company Identifier to legal name, headcount and non-profit status on its Organization. */
import { type Identifier, type Organization } from '../../../../shared/model/asset';
import { createOrganization } from '../../../support/organization';
import { FindingsBuilder, defineHandler, type Findings, type HandlerContext } from '../../../core/plugin-api';
import { callFrom, enrichCompany } from '../client';
import { findCompanyOrganization, isCompanyIdentifier } from '../mapping';
import type { CompanyDataResources } from '../client';

type Context = HandlerContext<'Identifier', CompanyDataResources>;

/** Lookup path: the Organization already enriched from this Identifier within the TTL. */
function lookup(context: Context): Findings | null {
  const organization = findCompanyOrganization(context.graph, context.entity.id);
  return organization === undefined ? null : new FindingsBuilder().dispatch(organization.id).build();
}

async function query(context: Context): Promise<Findings> {
  const { entity, graph } = context;
  const details = await enrichCompany(callFrom(context), entity.asset.id);
  const builder = new FindingsBuilder();
  const linked = findCompanyOrganization(graph, entity.id);
  let orgId = linked?.id;
  if (orgId === undefined) {
    // An Identifier nobody holds yet (e.g. pasted by the user): the reply names its company.
    const name = details.name || details.legalName;
    if (name === undefined || name === '') {
      return builder.build();
    }
    orgId = createOrganization(graph, builder, { name });
    builder.edge(orgId, 'id', entity.id);
  }
  const current = graph.findEntity(orgId);
  const existing: Partial<Organization> =
    current?.type === 'Organization' ? current.asset : (findNewOrganization(builder, orgId) ?? {});
  const update: Organization = {
    unique_id: existing.unique_id ?? '',
    name: existing.name ?? details.name,
  };
  if (details.headcount !== undefined) {
    update.headcount = details.headcount;
  }
  if (details.nonProfit !== undefined) {
    update.non_profit = details.nonProfit;
  }
  // The LEI registry's legal name is authoritative: only fill a missing one.
  if (details.legalName !== undefined && (existing.legal_name ?? '') === '') {
    update.legal_name = details.legalName;
    const legalNameId: Identifier = {
      unique_id: `legal_name:${details.legalName}`,
      id: details.legalName,
      id_type: 'legal_name',
    };
    builder.edge(orgId, 'id', builder.entity('Identifier', legalNameId));
  }
  if (update.unique_id !== '') {
    builder.entity('Organization', update);
  }
  return builder.dispatch(orgId).build();
}

function findNewOrganization(builder: FindingsBuilder, orgId: string): Organization | undefined {
  const added = builder.addedEntity(orgId);
  return added?.type === 'Organization' ? added.asset : undefined;
}

export const companyEnrichHandler = defineHandler<'Identifier', CompanyDataResources>({
  name: 'companydata/company-enrich',
  eventType: 'Identifier',
  priority: 7,
  transforms: ['Organization'],
  accepts: isCompanyIdentifier,
  lookup,
  query,
});
