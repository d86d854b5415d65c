/**
 * The lookup path of record-shaped handlers (RDAP records, WHOIS and RDAP domain records): what the
 * source confirmed for a record within the TTL, dispatched again without a request. The record's
 * neighbours go out, and for each contact among them the details it links to, so a cache hit
 * reaches as far as the query that made it.
 */
import type { EntityId } from '../../shared/model/asset';
import { FindingsBuilder, type Findings } from '../graph/findings';
import type { ConfirmedEdges } from '../graph/types';

export function redispatchConfirmed(
  confirmed: ConfirmedEdges,
  recordId: EntityId,
  recordRelations: readonly string[],
  contactRelations: readonly string[],
): Findings {
  const builder = new FindingsBuilder();
  for (const { entity } of confirmed.outgoing(recordId, recordRelations)) {
    builder.dispatch(entity.id);
    if (entity.type === 'ContactRecord') {
      for (const detail of confirmed.outgoing(entity.id, contactRelations)) {
        builder.dispatch(detail.entity.id);
      }
    }
  }
  return builder.build();
}
