/**
 * LEI codes (ISO 17442): 18 characters of A-Z and 0-9, then two check digits computed by
 * ISO 7064 MOD 97-10, the scheme of IBANs. A code whose check digits do not verify is a typo
 * (or a made-up code): querying the registry with it only spends a rate-limited request.
 */
export type LeiResult = { ok: true; lei: string } | { ok: false; error: string };

const SHAPE = /^[A-Z0-9]{18}[0-9]{2}$/;

/** The canonical LEI (upper case, without a `lei:` prefix or inner spaces), verified. */
export function canonicalLei(text: string): LeiResult {
  const lei = text
    .trim()
    .replace(/^lei:/i, '')
    .replace(/[\s-]+/g, '')
    .toUpperCase();
  if (!SHAPE.test(lei)) {
    return { ok: false, error: `not an LEI code (20 characters, A-Z and 0-9): "${text.trim()}"` };
  }
  if (mod97(lei) !== 1) {
    return {
      ok: false,
      error: `not a valid LEI code: the check digits of "${lei}" do not match (ISO 17442)`,
    };
  }
  return { ok: true, lei };
}

/** ISO 7064 MOD 97-10 remainder of an alphanumeric string (A=10 ... Z=35), digit by digit. */
function mod97(code: string): number {
  let remainder = 0;
  for (const character of code) {
    const value = Number.parseInt(character, 36);
    remainder = value < 10 ? (remainder * 10 + value) % 97 : (remainder * 100 + value) % 97;
  }
  return remainder;
}

/** The LEI made of 18 base characters and the two check digits that verify them. */
export function withLeiCheckDigits(base: string): string {
  const upper = base.toUpperCase();
  return `${upper}${String(98 - mod97(`${upper}00`)).padStart(2, '0')}`;
}
