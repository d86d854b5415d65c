/** Text normalisation shared by every layer (each rule exists once, here). */

/** NFKC, white space collapsed to single spaces, trimmed: the form names and addresses are compared in. */
export function normalizeSpaces(text: string): string {
  return text.normalize('NFKC').replace(/\s+/g, ' ').trim();
}

/**
 * NFKC, case-folded, punctuation and symbols turned into spaces, white space collapsed: the key
 * under which "Microsoft Corporation" and "MICROSOFT CORPORATION." are one name.
 */
export function foldForComparison(text: string): string {
  return normalizeSpaces(
    text
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\p{P}\p{S}]+/gu, ' '),
  );
}
