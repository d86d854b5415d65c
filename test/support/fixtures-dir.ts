/**
 * Where the recorded conformance fixtures live: $FIXTURES_DIR, else ../shared/fixtures from the
 * repository root. Missing fixtures skip the conformance tier with a message, except under CI
 * (CI=true), where they fail it.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function fixturesDir(): string {
  return path.resolve(process.env.FIXTURES_DIR ?? path.join(repositoryRoot, '..', 'shared', 'fixtures'));
}

/**
 * True when the fixtures are present. When they are not: throws under CI, otherwise prints
 * `conformance fixtures not found at <path>` once and returns false (use with `describe.skipIf`).
 */
export function haveFixtures(): boolean {
  const dir = fixturesDir();
  if (existsSync(path.join(dir, 'manifest.json'))) {
    return true;
  }
  if (process.env.CI === 'true') {
    throw new Error(`conformance fixtures not found at ${dir} (CI=true requires them; set FIXTURES_DIR)`);
  }
  if (!warned) {
    warned = true;
    console.warn(`conformance fixtures not found at ${dir}`);
  }
  return false;
}
let warned = false;

/** Absolute path of a file inside the fixtures directory. */
export function fixturePath(...parts: string[]): string {
  return path.join(fixturesDir(), ...parts);
}

export { repositoryRoot };
