/**
 * Location ids: every Location written computes `locationKeyOfText`, which looks up the last
 * words of the address as a country name. Prints the cost of one key beside two baselines run
 * in the same process on the same addresses:
 * - folding the text alone (`foldAddressText`): what any key costs at least;
 * - the country lookup by scanning every name of the ten locales per call, as the
 *   i18n-iso-countries name functions do (the lookup before the index in shared/identity/country).
 * Figures are printed, never asserted. BENCH_SMALL=1 (or CI set) runs small inputs.
 * Run: npx tsx bench/location-key.ts
 */
import countries from 'i18n-iso-countries';
import { canonicalCountry } from '../src/shared/identity/country';
import { foldAddressText, locationKeyOfText } from '../src/shared/identity/location';

const SMALL = process.env.BENCH_SMALL === '1' || process.env.CI !== undefined;
const KEYS = SMALL ? 200 : 20_000;
const SCANS = SMALL ? 5 : 200;

// Spellings of the kinds registries write: GLEIF upper case, WHOIS/RDAP with commas and a
// country name, and addresses that end in no country at all (the slowest: every tail misses).
const SHAPES = [
  (n: number) => `${n} MICROSOFT WAY REDMOND WA 98052-8300 US`,
  (n: number) => `${n} Amphitheatre Parkway, Mountain View, CA, 94043, United States`,
  (n: number) => `Example Park, ${n} Example Road, Cape Town South Africa`,
  (n: number) => `Level ${n}, 1 Example St, Brisbane QLD 4000, Australia`,
  (n: number) => `${n} Cordelia Street, South Brisbane, QLD`,
];
const addresses = Array.from({ length: KEYS }, (_, index) => SHAPES[index % SHAPES.length]!(index));

function microsecondsEach(count: number, run: (index: number) => unknown): number {
  for (let index = 0; index < Math.min(count, 200); index += 1) {
    run(index); // warm-up: JIT, and the country index built once
  }
  const started = performance.now();
  for (let index = 0; index < count; index += 1) {
    run(index);
  }
  return ((performance.now() - started) * 1000) / count;
}

const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'ru', 'ja', 'zh'];
function scannedCountry(name: string): string | undefined {
  for (const locale of LOCALES) {
    const code = countries.getAlpha2Code(name, locale) ?? countries.getSimpleAlpha2Code(name, locale);
    if (code !== undefined) {
      return code;
    }
  }
  return undefined;
}

const tails = addresses.map((address) => foldAddressText(address).split(' ').slice(-2).join(' '));
const fold = microsecondsEach(KEYS, (index) => foldAddressText(addresses[index]!));
const key = microsecondsEach(KEYS, (index) => locationKeyOfText(addresses[index]!));
const indexed = microsecondsEach(KEYS, (index) => canonicalCountry(tails[index]!));
const scanned = microsecondsEach(SCANS, (index) => scannedCountry(tails[index]!));

console.log(`addresses: ${KEYS} (${SHAPES.length} shapes)`);
console.log(`fold only:            ${fold.toFixed(2)} us per address`);
console.log(`Location key:         ${key.toFixed(2)} us per address (${(key / fold).toFixed(1)}x fold)`);
console.log(`country, indexed:     ${indexed.toFixed(2)} us per lookup`);
console.log(
  `country, name scan:   ${scanned.toFixed(2)} us per lookup (${(scanned / indexed).toFixed(0)}x indexed)`,
);
