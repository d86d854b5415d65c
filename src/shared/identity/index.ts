/**
 * Canonical identity per asset type: one function each, used by seeds, plugins and the store so
 * that two spellings of one thing are one entity.
 */
export { canonicalCountry } from './country';
export { canonicalHostName, readDomainInput, registrableDomain, type CanonicalDomain } from './domain';
export { canonicalEmail, type CanonicalEmail } from './email';
export { canonicalCidr, canonicalIp, type CanonicalCidr, type CanonicalIp, type IpVersion } from './ip';
export { canonicalLei } from './lei';
export { foldAddressText, locationKey, locationKeyOfText, type AddressParts } from './location';
