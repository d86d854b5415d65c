/**
 * The canonical-id migration (issue 14, part 1): case files written before the identity rules of
 * `entityIdOf` (IPv6 in RFC 5952 form, host bits cleared, IDNA A-labels, lower-case LEIs, folded
 * street addresses) can hold one thing under several ids, e.g. `Netblock:2001:4860:0000::/32`
 * beside `Netblock:2001:4860::/32`, or GLEIF's `Location:ONE MICROSOFT WAY REDMOND WA ...` beside
 * a WHOIS reply's `Location:One Microsoft Way, Redmond, WA, ...`.
 * Each entity of a type whose identity rule changed gets its id recomputed from its asset; one under
 * a non-canonical id folds into the canonical one (created when missing) with the rules' fold, so
 * edges, sources, tags and positions survive and `resolveId` follows the old id.
 */
import { entityIdOf, type AssetType, type EntityId } from '../../../shared/model/asset';
import { mergeEntity } from './merge';
import type { EntityRow } from './rows';
import { touchedNothing, type Stamp, type Touched, type WriteContext } from './write-context';

/** The asset types whose ids `entityIdOf` canonicalises (shared/model/asset.ts, IDENTITY_KEY). */
export const CANONICALISED_TYPES: readonly AssetType[] = [
  'Netblock',
  'IPAddress',
  'FQDN',
  'DomainRecord',
  'Identifier',
  'Location',
];

/** Meta key holding the version of the identity rules a case file's ids were brought to. */
export const CANONICAL_IDS_KEY = 'graph.canonicalIds';
/**
 * Bump when an identity rule changes: every case file is checked again on its next open.
 * 1: Netblock, IPAddress, FQDN, DomainRecord, Identifier. 2: Location (folded address keys).
 */
export const CANONICAL_IDS_VERSION = '2';

/** Folds every non-canonical id into its canonical one; what changed, for the delta's numbering. */
export function canonicaliseIds(context: WriteContext, rows: readonly EntityRow[], stamp: Stamp): Touched {
  const s = context.statements;
  const touched: Touched = { entities: new Map(), edges: new Map(), merged: [] };
  for (const row of rows) {
    if (!(CANONICALISED_TYPES as readonly string[]).includes(row.type)) {
      continue;
    }
    const canonical = canonicalIdOf(row);
    if (canonical === undefined || canonical === row.id) {
      continue;
    }
    if (s.entityExists.get(canonical) === undefined) {
      // The canonical entity starts as an empty copy created when the old one was; the fold fills it.
      s.insertEntity.run(canonical, row.type, '{}', row.created_at, row.updated_at, stamp.seq);
    }
    mergeEntity(context, row.id, canonical, stamp, touched);
  }
  if (!touchedNothing(touched)) {
    for (const id of touched.entities.keys()) {
      s.stampEntity.run(stamp.seq, id);
    }
    for (const id of touched.edges.keys()) {
      s.stampEdge.run(stamp.seq, id);
    }
  }
  return touched;
}

/** The id the asset has under today's rules; undefined for content that no longer parses. */
function canonicalIdOf(row: EntityRow): EntityId | undefined {
  try {
    return entityIdOf(row.type as AssetType, JSON.parse(row.content) as never);
  } catch {
    return undefined;
  }
}
