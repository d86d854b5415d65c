/**
 * E-mail addresses as identifiers: the domain part in its canonical A-label form and the whole
 * address in lower case. (RFC 5321 lets a server treat the local part as case-sensitive; no
 * mailbox provider does, and an investigator expects `John@Example.com` and `john@example.com`
 * to be one contact.)
 */
import { canonicalHostName } from './domain';

export interface CanonicalEmail {
  address: string;
  /** The domain part (A-label). */
  domain: string;
}

export function canonicalEmail(text: string): CanonicalEmail | undefined {
  const trimmed = text.trim().replace(/^mailto:/i, '');
  const at = trimmed.lastIndexOf('@');
  if (at <= 0 || at === trimmed.length - 1) {
    return undefined;
  }
  const local = trimmed.slice(0, at);
  if (/[\s<>()[\]\\,;:@"]/.test(local)) {
    return undefined;
  }
  const domain = canonicalHostName(trimmed.slice(at + 1));
  if (domain === undefined) {
    return undefined;
  }
  return { address: `${local.normalize('NFKC').toLowerCase()}@${domain.ascii}`, domain: domain.ascii };
}
