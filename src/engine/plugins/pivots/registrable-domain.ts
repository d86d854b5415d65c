/**
 * The registrable domain of a host name: the name a registry holds a DomainRecord for, one label
 * below its public suffix (ICANN section of the Public Suffix List, through tldts: `ns1.google.com`
 * -> `google.com`, `shop.example.co.uk` -> `example.co.uk`). Private suffixes (`github.io`) are
 * hosting services, not registries, so `user.github.io` pivots to `github.io`.
 */
import { getDomain } from 'tldts';

/** The registrable domain (lowercased A-label) of a host name; undefined for IPs, suffixes and bad names. */
export function registrableDomain(host: string): string | undefined {
  const trimmed = host.trim().replace(/\.$/, '');
  if (trimmed === '' || /[\s/@]/.test(trimmed)) {
    return undefined;
  }
  let aLabel: string;
  try {
    aLabel = new URL(`http://${trimmed}/`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
  const domain = getDomain(aLabel, { allowPrivateDomains: false, extractHostname: false });
  return domain === null || domain === '' ? undefined : domain;
}

/** The domain part of an e-mail address, lowercased; undefined when it has none. */
export function emailDomain(address: string): string | undefined {
  const at = address.lastIndexOf('@');
  const domain =
    at < 0
      ? ''
      : address
          .slice(at + 1)
          .trim()
          .toLowerCase();
  return domain === '' ? undefined : domain;
}
