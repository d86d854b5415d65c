import { describe, expect, it } from 'vitest';
import { parseSeedArgument } from './seed';

describe('parseSeedArgument', () => {
  it('accepts an organization name with letters', () => {
    expect(parseSeedArgument('Organization=Acme, Inc.')).toEqual({
      ok: true,
      seed: { type: 'Organization', asset: { unique_id: 'acme inc', name: 'Acme, Inc.' } },
    });
  });

  it('refuses an organization name made only of punctuation', () => {
    expect(parseSeedArgument('Organization=!!!')).toEqual({
      ok: false,
      error: 'organization name has no letters or digits: "!!!"',
    });
  });

  it('refuses an organization name made only of zero-width characters', () => {
    const result = parseSeedArgument('Organization=\u200b\u200d\ufeff');
    expect(result.ok).toBe(false);
  });

  it('refuses an organization name with control characters', () => {
    expect(parseSeedArgument('Organization=Acme\u001b[2J')).toEqual({
      ok: false,
      error: 'organization name contains control characters',
    });
  });

  it('accepts a name in a non-Latin script', () => {
    expect(parseSeedArgument('Organization=株式会社').ok).toBe(true);
  });
});
