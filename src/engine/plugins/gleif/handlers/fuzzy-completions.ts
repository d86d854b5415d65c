/** The LEI search handler (fuzzyCompletions): an Organization to its LEI record and LEI Identifier. */
import type { EntityId } from '../../../../shared/model/asset';
import { canonicalName } from '../../../../shared/names/canonical';
import { extractBrandName } from '../../../support/brand';
import {
  locationMatch,
  organizationCountries,
  organizationNames,
  organizationPostalCodes,
} from '../../../support/name-match';
import {
  FindingsBuilder,
  defineHandler,
  emptyFindings,
  type Findings,
  type GraphReader,
  type HandlerContext,
  type Neighbour,
  type SourceHttp,
} from '../../../core/plugin-api';
import { recordPostalCodes, type LeiRecord } from '../wire';
import { addLeiRecordFindings, leiIdentifierOf, type LeiMatch } from '../mapping';
import { findLeiRecord, listDirectChildren, searchLegalNames, type GleifResources } from '../client';
import { APPLIED_PROPERTY, REVIEW_PROPERTY, awaitsApplication, holdsLei, reviewStateOf } from '../review';
import { LOCATION_BONUS, couldWin, selectCandidate, type ScoredCandidate } from '../scoring';
import { candidatesOfReply, decideReply, recordsWorthFetching, specScoredReply } from '../candidates';
import { evidenceText, type AssessedCandidate, type CandidateFacts, type SeedFacts } from '../evidence';

type Context = HandlerContext<'Organization', GleifResources>;

/** Score recorded on the `id` edge when the Organization already held the LEI. */
export const KNOWN_LEI_SCORE = 100;

interface HeldLei {
  id: EntityId;
  lei: string;
  /** The `id` edge that links it (its review state and score). */
  edge: Neighbour['edge'];
}

/**
 * The LEI Identifier an Organization holds through an `id` edge, whoever found it. Pending and
 * rejected candidates are not held.
 */
export function findHeldLei(graph: GraphReader, orgId: EntityId): HeldLei | undefined {
  return leiOf(graph.outgoing(orgId, { relations: ['id'] }));
}

/** The first held LEI Identifier among an Organization's `id` neighbours. */
function leiOf(neighbours: Neighbour[]): HeldLei | undefined {
  for (const { entity, edge } of neighbours) {
    if (entity.type === 'Identifier' && entity.asset.id_type === 'lei' && holdsLei(edge)) {
      return { id: entity.id, lei: entity.asset.id.toUpperCase(), edge };
    }
  }
  return undefined;
}

/** LEIs the investigator rejected for this Organization within the TTL: not proposed again. */
function rejectedLeis(graph: GraphReader, orgId: EntityId, since: number): Set<string> {
  const rejected = new Set<string>();
  for (const { entity, edge } of graph.outgoing(orgId, { relations: ['id'] })) {
    const recent = Date.parse(edge.updatedAt) >= since;
    if (
      entity.type === 'Identifier' &&
      entity.asset.id_type === 'lei' &&
      reviewStateOf(edge) === 'rejected' &&
      recent
    ) {
      rejected.add(entity.asset.id.toUpperCase());
    }
  }
  return rejected;
}

/** True when a candidate still awaits the investigator's review. */
function hasPendingCandidate(neighbours: Neighbour[]): boolean {
  return neighbours.some(({ edge }) => reviewStateOf(edge) === 'pending');
}

/**
 * Lookup path: the LEI Identifier linked with a GLEIF-confirmed `id` edge within the TTL. It also
 * answers (cache.sharedWithSource) for an Organization that relatedOrgs created from its own
 * record within the TTL: that one carries the mapping already, and fetching the record again
 * would spend a rate-limited request (3 s) per child for nothing.
 */
function lookup(context: Context): Findings | null {
  const confirmed = context.confirmed.outgoing(context.entity.id, ['id']);
  const held = leiOf(confirmed);
  if (held === undefined) {
    // A candidate awaiting review is this source's answer within the TTL: nothing to dispatch,
    // and no request spent proposing it again.
    return hasPendingCandidate(confirmed) ? emptyFindings() : null;
  }
  // An accepted candidate's record is applied by the query path (once).
  if (awaitsApplication(held.edge)) {
    return null;
  }
  return new FindingsBuilder().dispatch(held.id).build();
}

function recordFindings(context: Context, record: LeiRecord, match: LeiMatch): Findings {
  const builder = new FindingsBuilder();
  const { unique_id, name } = context.entity.asset;
  const leiId = addLeiRecordFindings(builder, { unique_id, name }, record, match);
  return builder.dispatch(leiId).build();
}

/** The review properties a pending candidate's edge carries (shown by `review` and the UI). */
function candidateProperties(
  record: LeiRecord | undefined,
  name: string,
): Record<string, string | number | boolean> {
  const city = record?.legalAddress?.city ?? record?.headquartersAddress?.city;
  return {
    [REVIEW_PROPERTY]: 'pending',
    candidate_legal_name: record?.legalName ?? name,
    ...(record?.jurisdiction === undefined ? {} : { candidate_jurisdiction: record.jurisdiction }),
    ...(city === undefined || city === '' ? {} : { candidate_city: city }),
  };
}

/**
 * Candidates for review, best first: for each, only the LEI Identifier and the `id` edge with
 * its spec score, match type, rank, evidence and `review: "pending"`. No record is applied and
 * nothing is dispatched until the investigator accepts one.
 */
function candidatesFindings(
  context: Context,
  ranked: AssessedCandidate[],
  records: ReadonlyMap<string, LeiRecord>,
): Findings {
  const builder = new FindingsBuilder();
  const { unique_id, name } = context.entity.asset;
  const orgId = builder.entity('Organization', { unique_id, name });
  ranked.forEach((candidate, index) => {
    const record = records.get(candidate.lei);
    const identifier =
      record === undefined
        ? { unique_id: `lei:${candidate.lei}`, id: candidate.lei, id_type: 'lei' as const }
        : leiIdentifierOf(record);
    const leiId = builder.entity('Identifier', identifier);
    builder.edge(orgId, 'id', leiId, {
      score: candidate.score,
      match_type: candidate.matchType,
      rank: index + 1,
      evidence: evidenceText(candidate.evidence),
      ...candidateProperties(record, candidate.name),
    });
  });
  return builder.build();
}

/** Records of the candidates worth a request; an LEI the registry does not know is left out. */
async function fetchRecords(http: SourceHttp, leis: string[]): Promise<Map<string, LeiRecord>> {
  const records = new Map<string, LeiRecord>();
  for (const lei of leis) {
    const record = await findLeiRecord(http, lei);
    if (record !== undefined) {
      records.set(lei, record);
    }
  }
  return records;
}

/**
 * For a name typed without a legal form (a brand) with several candidates: how many of them the
 * best same-name candidate is the registry parent of (one request, its direct children), so the
 * head of the group ranks first. Other names spend no request on it.
 */
async function groupHeads(
  context: Context,
  seed: SeedFacts,
  candidates: CandidateFacts[],
  records: ReadonlyMap<string, LeiRecord>,
): Promise<Map<string, number>> {
  const heads = new Map<string, number>();
  if (candidates.length < 2 || canonicalName(seed.name).form !== undefined) {
    return heads;
  }
  const { ranked } = decideReply(seed, candidates, records);
  const head = ranked.find((candidate) => candidate.evidence.some((item) => item.text === 'same name'));
  if (head === undefined) {
    return heads;
  }
  const { records: children } = await listDirectChildren(
    context.resources.http,
    head.lei,
    context.resources.baseUrl,
  );
  const leis = new Set(candidates.map((candidate) => candidate.lei));
  heads.set(head.lei, children.filter((child) => child.lei !== head.lei && leis.has(child.lei)).length);
  return heads;
}

/** The evidence rule (docs/resolution.md, "Deciding from evidence"). */
async function decideByEvidence(
  context: Context,
  organizationName: string,
  candidates: CandidateFacts[],
): Promise<Findings> {
  const { graph, entity, resources } = context;
  const seed: SeedFacts = {
    name: organizationName,
    postalCodes: organizationPostalCodes(graph, entity.id),
    countries: organizationCountries(graph, entity.id),
  };
  const records = await fetchRecords(resources.http, recordsWorthFetching(seed, candidates));
  const parents = await groupHeads(context, seed, candidates, records);
  const decision = decideReply(seed, candidates, records, parents);
  const accepted = decision.accepted;
  if (accepted === undefined) {
    return decision.ranked.length === 0
      ? emptyFindings()
      : candidatesFindings(context, decision.ranked, records);
  }
  const record = records.get(accepted.lei) ?? (await findLeiRecord(resources.http, accepted.lei));
  if (record === undefined) {
    context.logger.warn('GLEIF: the search named an LEI the registry has no record for', {
      lei: accepted.lei,
    });
    return emptyFindings();
  }
  return recordFindings(context, record, { score: accepted.score, matchType: accepted.matchType });
}

/**
 * The spec's selection (`confirmed` and `best` rules): the highest score, records fetched before
 * selection only when there is a postal code to compare; a winner the rule does not accept is one
 * candidate for review.
 */
async function decideBySpecScore(context: Context, scored: ScoredCandidate[]): Promise<Findings> {
  const { graph, entity, resources } = context;
  const { http } = resources;
  const records = new Map<string, LeiRecord>();
  const located = new Set<string>();
  const unknown = new Set<string>();
  const postalCodes = organizationPostalCodes(graph, entity.id);
  if (postalCodes.length > 0) {
    let best = 0;
    for (const candidate of scored) {
      // A candidate that cannot beat the best so far even with the location bonus is not fetched.
      if (couldWin(candidate, best)) {
        const record = await findLeiRecord(http, candidate.lei);
        if (record === undefined) {
          unknown.add(candidate.lei);
          continue;
        }
        records.set(candidate.lei, record);
        if (recordPostalCodes(record).some((code) => locationMatch(postalCodes, code))) {
          located.add(candidate.lei);
        }
      }
      best = Math.max(best, candidate.baseScore + (located.has(candidate.lei) ? LOCATION_BONUS : 0));
    }
  }
  const selection = selectCandidate(
    scored.filter((candidate) => !unknown.has(candidate.lei)),
    (candidate: ScoredCandidate) => located.has(candidate.lei),
  );
  if (selection === undefined) {
    return emptyFindings();
  }
  const lei = selection.candidate.lei;
  const record = records.get(lei) ?? (await findLeiRecord(http, lei));
  if (record === undefined) {
    context.logger.warn('GLEIF: the search named an LEI the registry has no record for', { lei });
    return emptyFindings();
  }
  const match: LeiMatch = { score: selection.score, matchType: selection.candidate.matchType };
  if (
    resources.autoAccept === 'best' ||
    selection.candidate.matchType === 'exact' ||
    selection.locationMatched
  ) {
    return recordFindings(context, record, match);
  }
  const single: AssessedCandidate = {
    lei,
    name: record.legalName,
    score: selection.score,
    matchType: selection.candidate.matchType,
    evidence: [],
    strength: 0,
    identifies: false,
  };
  return candidatesFindings(context, [single], new Map([[lei, record]]));
}

async function query(context: Context): Promise<Findings> {
  const { graph, entity, resources } = context;
  const { http } = resources;
  const held = findHeldLei(graph, entity.id);
  if (held !== undefined) {
    return applyHeldLei(context, held);
  }
  const organizationName = entity.asset.name;
  const brand = extractBrandName(organizationName);
  if (brand === '') {
    return emptyFindings();
  }
  const rejected = rejectedLeis(graph, entity.id, context.since);
  const reply = (await searchLegalNames(http, brand)).filter(
    (candidate) => !rejected.has(candidate.lei.toUpperCase()),
  );
  if (reply.length === 0) {
    return emptyFindings();
  }
  const names = organizationNames(graph, entity.id);
  const known = names.length > 0 ? names : [organizationName, entity.asset.legal_name ?? ''];
  if (resources.autoAccept === 'evidence') {
    const candidates = candidatesOfReply(organizationName, known, reply);
    return candidates.length === 0
      ? emptyFindings()
      : decideByEvidence(context, organizationName, candidates);
  }
  const scored = specScoredReply(organizationName, known, reply);
  return scored.length === 0 ? emptyFindings() : decideBySpecScore(context, scored);
}

/** The Organization already holds an LEI: apply its record (an accepted candidate's, once). */
async function applyHeldLei(context: Context, held: HeldLei): Promise<Findings> {
  const record = await findLeiRecord(context.resources.http, held.lei);
  if (record === undefined) {
    context.logger.warn('GLEIF: the LEI this organization holds is not in the registry', { lei: held.lei });
    return emptyFindings();
  }
  // A held LEI keeps the score and match type it was matched with (an accepted candidate, or a
  // match asked again by a refresh): asking again does not change how the match was made.
  const { score, match_type: matchType } = held.edge.properties;
  const match: LeiMatch =
    typeof score === 'number' && (matchType === 'exact' || matchType === 'partial')
      ? { score, matchType }
      : { score: KNOWN_LEI_SCORE, matchType: 'known' };
  if (awaitsApplication(held.edge)) {
    // The edge keeps the investigator's decision and says the record is now applied.
    match.edgeProperties = { [REVIEW_PROPERTY]: 'accepted', [APPLIED_PROPERTY]: true };
  }
  return recordFindings(context, record, match);
}

export const fuzzyCompletionsHandler = defineHandler<'Organization', GleifResources>({
  name: 'gleif/fuzzy-completions',
  eventType: 'Organization',
  priority: 6,
  transforms: ['Identifier'],
  lookup,
  cache: { sharedWithSource: true },
  query,
});
