/** companySearch: an Organization to its company-data company id (Identifier with an `id` edge). */
import { extractBrandName } from '../../../support/brand';
import { nameMatch, organizationNames, PARTIAL_MATCH_THRESHOLD } from '../../../support/name-match';
import { smithWatermanGotoh } from '../../../support/similarity';
import {
  FindingsBuilder,
  defineHandler,
  emptyFindings,
  type Findings,
  type HandlerContext,
} from '../../../core/plugin-api';
import { callFrom, searchCompanies } from '../client';
import { companyIdentifier, companyIdentifierAmong } from '../mapping';
import type { CompanySearchItem } from '../wire';
import type { CompanyDataResources } from '../client';

type Context = HandlerContext<'Organization', CompanyDataResources>;

export interface CompanySelection {
  item: CompanySearchItem;
  matchType: 'exact' | 'similar';
  /** Similarity of the chosen name to the organisation's closest name (1 for exact). */
  score: number;
}

/**
 * The search result that is this organisation: the first whose name equals one of its names
 * (case-insensitively), else the highest similarity of at least 0.85, ties keeping the earlier
 * result; undefined when none qualifies (then no Identifier is made).
 */
export function selectCompany(names: string[], items: CompanySearchItem[]): CompanySelection | undefined {
  const known = names.filter((name) => name.trim() !== '');
  const { exact } = nameMatch(
    known,
    items.map((item) => item.name),
  );
  const exactLower = exact.map((name) => name.toLowerCase());
  const exactItem = items.find((item) => exactLower.includes(item.name.toLowerCase()));
  if (exactItem !== undefined) {
    return { item: exactItem, matchType: 'exact', score: 1 };
  }
  let best: CompanySelection | undefined;
  for (const item of items) {
    const score = Math.max(0, ...known.map((name) => smithWatermanGotoh(name, item.name)));
    if (score >= PARTIAL_MATCH_THRESHOLD && (best === undefined || score > best.score)) {
      best = { item, matchType: 'similar', score };
    }
  }
  return best;
}

/**
 * Lookup path: the company Identifier linked by a CompanyData `id` edge within the TTL. A search
 * made within the TTL that matched nothing is an answer too (cache.emptyIsAnswer: no Identifier,
 * no new request); only the LEI search re-queries on an empty lookup.
 */
function lookup(context: Context): Findings | null {
  const identifier = companyIdentifierAmong(context.confirmed.outgoing(context.entity.id, ['id']));
  return identifier === undefined ? null : new FindingsBuilder().dispatch(identifier.id).build();
}

async function query(context: Context): Promise<Findings> {
  const { entity, graph } = context;
  const brand = extractBrandName(entity.asset.name);
  if (brand === '') {
    return emptyFindings();
  }
  const items = await searchCompanies(callFrom(context), brand);
  const names = [...organizationNames(graph, entity.id), entity.asset.name, brand];
  const selection = selectCompany(names, items);
  if (selection === undefined) {
    context.logger.info('CompanyData: no search result matches the organization', {
      organization: entity.asset.name,
      results: items.length,
    });
    return emptyFindings();
  }
  const builder = new FindingsBuilder();
  const identifierId = builder.entity('Identifier', companyIdentifier(selection.item.id));
  builder.edge(entity.id, 'id', identifierId, {
    match_type: selection.matchType,
    score: Math.round(selection.score * 1000) / 1000,
  });
  return builder.dispatch(identifierId).build();
}

export const companySearchHandler = defineHandler<'Organization', CompanyDataResources>({
  name: 'companydata/company-search',
  eventType: 'Organization',
  priority: 6,
  transforms: ['Identifier'],
  lookup,
  cache: { emptyIsAnswer: true },
  query,
});
