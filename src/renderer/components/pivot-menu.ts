/** Which nodes the context menu offers "Look up its domain" for (the engine's pivots, docs/rdap.md). */
import type { Entity } from '../../shared/model/graph';

/** FQDN, URL and e-mail Identifier nodes pivot to the DomainRecord of their domain (RDAP, else WHOIS). */
export function pivotsToDomainRecord(entity: Pick<Entity, 'type' | 'asset'>): boolean {
  if (entity.type === 'FQDN' || entity.type === 'URL') {
    return true;
  }
  return entity.type === 'Identifier' && (entity.asset as { id_type?: unknown }).id_type === 'email';
}
