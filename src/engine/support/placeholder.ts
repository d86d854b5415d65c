/**
 * Placeholders: what a registry or registrar writes instead of withheld data ("REDACTED FOR
 * PRIVACY", "Data Protected", "Registration Private", ...). Such a value never becomes an entity,
 * whichever protocol (WHOIS, RDAP) carried it.
 */
const PLACEHOLDERS = [
  /redacted/i,
  /data protected/i,
  /not disclosed/i,
  /gdpr/i,
  /withheld/i,
  /not shown/i,
  /please visit/i,
  /^visit /i,
  /please query the rdds/i,
  /please contact the registrar/i,
  /not available from registry/i,
  /obfuscated whois/i,
  /statutory masking/i,
  /hidden upon user request/i,
  /non-public data/i,
  /^privacy$/i,
  /\bregistration private\b/i,
  /\bprivate registration\b/i,
  /^(?:n\/a|none|unknown|not applicable)$/i,
  // A pointer to somewhere else instead of the value ("See PrivacyGuardian.org").
  /^(?:please\s+)?see\s/i,
];

/** True for a value written in place of the real data. */
export function isPlaceholder(value: string): boolean {
  const text = value.normalize('NFKC').trim();
  return PLACEHOLDERS.some((pattern) => pattern.test(text));
}
