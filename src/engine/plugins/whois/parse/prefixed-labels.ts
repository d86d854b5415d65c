/** Role-prefixed labels (`Registrant Street1`, `admin-c`'s kin): the role and the rest. */
import { lookupTable } from './labels';
import type { WhoisRole } from './types';

export const PREFIXED =
  /^(?:registry |domain )?(registrant|owner|holder|org|admin|adm|administrative|tech|tec|technical|billing|bill|sponsoring registrar|registrar)(?:[ -]contact)?(?:'s)?\.?(?:[ -](.+))?$/;
const prefixCache = new Map<string, { role: WhoisRole; rest: string | undefined } | null>();

/** The role a role-prefixed label names and the rest of the label (`registrant street1`). */
export function prefixedLabelOf(key: string): { role: WhoisRole; rest: string | undefined } | undefined {
  let found = prefixCache.get(key);
  if (found === undefined) {
    const match = PREFIXED.exec(key);
    const role = match === null ? undefined : PREFIX_ROLES[match[1] ?? ''];
    found = role === undefined ? null : { role, rest: match?.[2] };
    if (prefixCache.size > 4096) {
      prefixCache.clear();
    }
    prefixCache.set(key, found);
  }
  return found ?? undefined;
}

export const PREFIX_ROLES: Record<string, WhoisRole> = lookupTable({
  registrant: 'registrant',
  owner: 'registrant',
  holder: 'registrant',
  org: 'registrant',
  adm: 'admin',
  tec: 'technical',
  bill: 'billing',
  registrar: 'registrar',
  'sponsoring registrar': 'registrar',
  admin: 'admin',
  administrative: 'admin',
  tech: 'technical',
  technical: 'technical',
  billing: 'billing',
});
