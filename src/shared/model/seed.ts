/**
 * Seeds: what an investigator types to start a session. Parsed and validated the same way by the
 * CLI, the hosts and the renderer.
 */
import { canonicalCidr, canonicalLei, readDomainInput } from '../identity';
import type { TypedAsset } from './asset';
import { foldForComparison } from '../util/text';

/** Asset types accepted as seeds, with an example value each (for help texts). */
export const SEED_TYPES = {
  Organization: 'Microsoft Corporation',
  Identifier: 'lei:INR2EJN1ERAN0W5ZP974',
  AutonomousSystem: '15169',
  Netblock: '8.8.8.0/24',
  DomainRecord: 'example.com',
} as const;

export type SeedType = keyof typeof SEED_TYPES;

/**
 * A parsed seed, or why not. `notice` says how the input was changed to make it canonical (a URL
 * reduced to its domain, the host bits of a CIDR cleared), for the UI and the CLI to show.
 */
export type SeedResult = { ok: true; seed: TypedAsset; notice?: string } | { ok: false; error: string };

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
      const result = canonicalLei(value);
      if (!result.ok) {
        return result;
      }
      const lei = result.lei;
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
      const network = canonicalCidr(value);
      if (network === undefined) {
        return { ok: false, error: `not a CIDR netblock such as 192.0.2.0/24 or 2001:db8::/32: "${value}"` };
      }
      const seed: TypedAsset = { type, asset: { cidr: network.cidr, type: network.type } };
      return network.hostBitsCleared
        ? { ok: true, seed, notice: `host bits of ${value} cleared: the network is ${network.cidr}` }
        : { ok: true, seed };
    }
    case 'DomainRecord': {
      const result = readDomainInput(value);
      if (!result.ok) {
        return result;
      }
      const { ascii, unicode } = result.domain;
      const seed: TypedAsset = {
        type,
        asset: unicode === ascii ? { domain: ascii } : { domain: ascii, name: unicode },
      };
      return result.notice === undefined ? { ok: true, seed } : { ok: true, seed, notice: result.notice };
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
  return foldForComparison(name);
}
