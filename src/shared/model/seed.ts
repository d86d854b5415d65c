/**
 * Seeds: what an investigator types to start a session. Parsed and validated the same way by the
 * CLI, the hosts and the renderer.
 */
import type { TypedAsset } from './asset';

/** Asset types accepted as seeds, with an example value each (for help texts). */
export const SEED_TYPES = {
  Organization: 'Microsoft Corporation',
  Identifier: 'lei:INR2EJN1ERAN0W5ZP974',
  AutonomousSystem: '15169',
  Netblock: '8.8.8.0/24',
  DomainRecord: 'example.com',
} as const;

export type SeedType = keyof typeof SEED_TYPES;

export type SeedResult = { ok: true; seed: TypedAsset } | { ok: false; error: string };

const LEI = /^[A-Z0-9]{18}[0-9]{2}$/;
const DOMAIN = /^(?=.{1,253}$)(?:(?!-)[a-z0-9-]{1,63}(?<!-)\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Parses `<AssetType>=<value>` (the CLI form). */
export function parseSeedArgument(text: string): SeedResult {
  const at = text.indexOf('=');
  if (at <= 0) {
    return { ok: false, error: `seed must look like <AssetType>=<value>, got "${text}"` };
  }
  return parseSeed(text.slice(0, at).trim(), text.slice(at + 1));
}

/** Validates a seed of a given type and builds its asset. */
export function parseSeed(type: string, rawValue: string): SeedResult {
  const value = rawValue.trim();
  if (value === '') {
    return { ok: false, error: `${type} seed is empty` };
  }
  switch (type) {
    case 'Organization':
      if (value.length > 300) {
        return { ok: false, error: 'organization name is longer than 300 characters' };
      }
      // Identity drops punctuation, symbols and invisible characters, so a name needs something
      // else: "!!!" or a zero-width space would become an organization without a name.
      if (!/[\p{L}\p{N}]/u.test(value)) {
        return { ok: false, error: `organization name has no letters or digits: "${value}"` };
      }
      if (/[\p{Cc}]/u.test(value)) {
        return { ok: false, error: 'organization name contains control characters' };
      }
      return {
        ok: true,
        seed: { type, asset: { unique_id: normalizeOrganizationName(value), name: value } },
      };
    case 'Identifier': {
      const lei = value.replace(/^lei:/i, '').toUpperCase();
      if (!LEI.test(lei)) {
        return { ok: false, error: `not an LEI code (20 characters, A-Z and 0-9): "${value}"` };
      }
      return { ok: true, seed: { type, asset: { unique_id: `lei:${lei}`, id: lei, id_type: 'lei' } } };
    }
    case 'AutonomousSystem': {
      const digits = value.replace(/^as/i, '');
      const number = Number(digits);
      if (!/^\d{1,10}$/.test(digits) || number > 4294967295) {
        return { ok: false, error: `not an autonomous system number (0-4294967295): "${value}"` };
      }
      return { ok: true, seed: { type, asset: { number } } };
    }
    case 'Netblock': {
      const cidr = normalizeCidr(value);
      return cidr === undefined
        ? { ok: false, error: `not a CIDR netblock such as 192.0.2.0/24 or 2001:db8::/32: "${value}"` }
        : { ok: true, seed: { type, asset: cidr } };
    }
    case 'DomainRecord': {
      const domain = value.toLowerCase().replace(/\.$/, '');
      if (!DOMAIN.test(domain)) {
        return { ok: false, error: `not a domain name: "${value}"` };
      }
      return { ok: true, seed: { type, asset: { domain } } };
    }
    default:
      return {
        ok: false,
        error: `unknown seed type "${type}"; use one of ${Object.keys(SEED_TYPES).join(', ')}`,
      };
  }
}

/**
 * An Organization's identity: NFKC, case-folded, punctuation removed, white space collapsed.
 * "Microsoft Corporation" and "MICROSOFT CORPORATION." are the same organization.
 */
export function normalizeOrganizationName(name: string): string {
  return name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\p{P}\p{S}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function normalizeCidr(text: string): { cidr: string; type: 'IPv4' | 'IPv6' } | undefined {
  const [address, prefixText, extra] = text.split('/');
  if (
    address === undefined ||
    prefixText === undefined ||
    extra !== undefined ||
    !/^\d{1,3}$/.test(prefixText)
  ) {
    return undefined;
  }
  const prefix = Number(prefixText);
  const v4 = address.split('.');
  if (v4.length === 4 && v4.every((part) => /^\d{1,3}$/.test(part) && Number(part) <= 255)) {
    return prefix <= 32 ? { cidr: `${v4.map(Number).join('.')}/${prefix}`, type: 'IPv4' } : undefined;
  }
  if (/^[0-9a-f:]+$/i.test(address) && address.includes(':') && prefix <= 128) {
    const groups = address.split('::');
    if (groups.length > 2) {
      return undefined;
    }
    const parts = groups.flatMap((group) => (group === '' ? [] : group.split(':')));
    if (parts.some((part) => part.length === 0 || part.length > 4) || parts.length > 8) {
      return undefined;
    }
    if (groups.length === 1 && parts.length !== 8) {
      return undefined;
    }
    return { cidr: `${address.toLowerCase()}/${prefix}`, type: 'IPv6' };
  }
  return undefined;
}
