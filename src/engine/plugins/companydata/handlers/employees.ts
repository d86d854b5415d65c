/** employees: a company Identifier to a Person per employee, each a `member` of the Organization. */
import {
  FindingsBuilder,
  defineHandler,
  emptyFindings,
  type Findings,
  type HandlerContext,
} from '../../../core/plugin-api';
import { callFrom, listEmployees } from '../client';
import {
  findCompanyOrganization,
  isCompanyIdentifier,
  organizationToAttachTo,
  personFromRecord,
} from '../mapping';
import type { CompanyDataResources } from '../client';

type Context = HandlerContext<'Identifier', CompanyDataResources>;

/** Lookup path: the Organization's CompanyData `member` edges confirmed within the TTL. */
function lookup(context: Context): Findings | null {
  const organization = findCompanyOrganization(context.graph, context.entity.id);
  if (organization === undefined) {
    return null;
  }
  const builder = new FindingsBuilder();
  for (const { entity } of context.confirmed.outgoing(organization.id, ['member'])) {
    if (entity.type === 'Person') {
      builder.dispatch(entity.id);
    }
  }
  return builder.build();
}

async function query(context: Context): Promise<Findings> {
  const { entity } = context;
  const organization = organizationToAttachTo(context);
  if (organization === undefined) {
    return emptyFindings();
  }
  const employees = await listEmployees(callFrom(context), entity.asset.id);
  const builder = new FindingsBuilder();
  const seen = new Set<string>();
  for (const employee of employees) {
    const person = personFromRecord(employee.fullName);
    if (person === undefined || seen.has(person.unique_id)) {
      continue;
    }
    seen.add(person.unique_id);
    const personId = builder.entity('Person', person);
    builder.edge(organization.id, 'member', personId).dispatch(personId);
  }
  return builder.build();
}

export const employeesHandler = defineHandler<'Identifier', CompanyDataResources>({
  name: 'companydata/employees',
  eventType: 'Identifier',
  priority: 6,
  transforms: ['Person'],
  accepts: isCompanyIdentifier,
  lookup,
  query,
});
