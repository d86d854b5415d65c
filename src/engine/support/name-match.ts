/** Organisation name matching and postal-code location matching against the case graph. */
import { canonicalCountry } from '../../shared/identity/country';
import type { EntityId } from '../../shared/model/asset';
import type { Entity } from '../../shared/model/graph';
import type { GraphReader } from '../graph/types';
import { smithWatermanGotoh } from './similarity';

/** Similarity at or above which a candidate is a partial match. */
export const PARTIAL_MATCH_THRESHOLD = 0.85;

export interface NameMatchResult {
  /** Candidates equal (case-insensitively) to one of the organisation's names. */
  exact: string[];
  /** Other candidates with a similarity of at least 0.85 to one of the names. */
  partial: string[];
}

/**
 * Splits candidates into exact and partial matches of an organisation's names. Each list holds
 * distinct names (compared case-insensitively, first spelling kept), in candidate order, so a
 * name found through both `name` and its `org_name` Identifier counts once. Empty strings never
 * match.
 */
export function nameMatch(orgNames: string[], candidates: string[]): NameMatchResult {
  const names = distinct(orgNames);
  const lowerNames = names.map((name) => name.toLowerCase());
  const exact: string[] = [];
  const partial: string[] = [];
  for (const candidate of distinct(candidates)) {
    const lower = candidate.toLowerCase();
    if (lowerNames.includes(lower)) {
      exact.push(candidate);
    } else if (names.some((name) => smithWatermanGotoh(name, candidate) >= PARTIAL_MATCH_THRESHOLD)) {
      partial.push(candidate);
    }
  }
  return { exact, partial };
}

/** True when the organisation's names match any candidate, exactly or partially. */
export function isNameMatch(orgNames: string[], candidates: string[]): boolean {
  const { exact, partial } = nameMatch(orgNames, candidates);
  return exact.length > 0 || partial.length > 0;
}

/**
 * The names an organisation is known by: `name`, `legal_name`, then the `id` of each
 * `org_name`/`legal_name` Identifier linked by an outgoing `id` edge. Distinct, non-empty.
 */
export function organizationNames(graph: GraphReader, orgId: EntityId): string[] {
  const org = graph.findEntity(orgId);
  if (org?.type !== 'Organization') {
    return [];
  }
  const names = [org.asset.name, org.asset.legal_name ?? ''];
  for (const { entity } of graph.outgoing(orgId, { relations: ['id'] })) {
    if (
      entity.type === 'Identifier' &&
      (entity.asset.id_type === 'org_name' || entity.asset.id_type === 'legal_name')
    ) {
      names.push(entity.asset.id);
    }
  }
  return distinct(names);
}

/** A postal code for comparison: upper case, without white space. */
export function normalizePostalCode(code: string): string {
  return code.normalize('NFKC').replace(/\s+/g, '').toUpperCase();
}

/**
 * True when the record's postal code equals one of the organisation's, ignoring case and white
 * space. An empty or missing postal code never matches (the reference counts two empties equal).
 */
export function locationMatch(orgPostalCodes: string[], recordPostalCode: string | undefined): boolean {
  const record = normalizePostalCode(recordPostalCode ?? '');
  if (record === '') {
    return false;
  }
  return orgPostalCodes.some((code) => normalizePostalCode(code) === record);
}

const ADDRESS_RELATIONS = ['legal_address', 'hq_address', 'location'];

/**
 * The Locations an organisation is linked to (`legal_address`, `hq_address`, `location`), and
 * those of the ContactRecords that point at it with `organization` (a WHOIS/RDAP registrant).
 */
function organizationLocations(graph: GraphReader, orgId: EntityId): Entity[] {
  const locations: Entity[] = graph
    .outgoing(orgId, { relations: ADDRESS_RELATIONS })
    .map((neighbour) => neighbour.entity);
  for (const { entity } of graph.incoming(orgId, { relations: ['organization'] })) {
    if (entity.type === 'ContactRecord') {
      locations.push(...graph.outgoing(entity.id, { relations: ['location'] }).map((n) => n.entity));
    }
  }
  return locations;
}

/** Postal codes of the organisation's Locations (see above). Distinct, non-empty, as stored. */
export function organizationPostalCodes(graph: GraphReader, orgId: EntityId): string[] {
  const codes: string[] = [];
  for (const location of organizationLocations(graph, orgId)) {
    if (location.type === 'Location' && location.asset.postal_code !== undefined) {
      codes.push(location.asset.postal_code);
    }
  }
  return distinct(codes);
}

/**
 * Alpha-2 countries the case holds for an organisation: its jurisdiction (`US-DE` gives `US`)
 * and the countries of its Locations (see above), as codes. Distinct, upper case.
 */
export function organizationCountries(graph: GraphReader, orgId: EntityId): string[] {
  const org = graph.findEntity(orgId);
  const texts: string[] = [];
  if (org?.type === 'Organization' && org.asset.jurisdiction !== undefined) {
    texts.push(org.asset.jurisdiction.slice(0, 2));
  }
  for (const location of organizationLocations(graph, orgId)) {
    if (location.type === 'Location' && location.asset.country !== undefined) {
      texts.push(canonicalCountry(location.asset.country) ?? '');
    }
  }
  return distinct(texts.filter((text) => /^[A-Za-z]{2}$/u.test(text)).map((text) => text.toUpperCase()));
}

function distinct(values: string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    const key = value.toLowerCase();
    if (value !== '' && !seen.has(key)) {
      seen.add(key);
      result.push(value);
    }
  }
  return result;
}
