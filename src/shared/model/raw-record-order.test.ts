import { describe, expect, it } from 'vitest';
import type { RawRecord } from './graph';
import { helperLabel, orderRawRecords } from './raw-record-order';

const record = (url: string, receivedAt: string): RawRecord => ({
  source: 'RDAP',
  handler: 'rdap/domain',
  url,
  receivedAt,
  text: '{}',
});

describe('raw record order', () => {
  it("puts the registry's and the registrar's replies first and the bootstrap file after, labelled", () => {
    const bootstrap = record('https://data.iana.org/rdap/dns.json', '2026-01-01T00:00:00.000Z');
    const registry = record('https://rdap.verisign.com/com/v1/domain/GOOGLE.COM', '2026-01-01T00:00:01.000Z');
    const registrar = record(
      'https://rdap.markmonitor.com/rdap/domain/GOOGLE.COM',
      '2026-01-01T00:00:02.000Z',
    );
    expect(orderRawRecords([bootstrap, registrar, registry])).toEqual([registry, registrar, bootstrap]);
    expect(helperLabel(bootstrap.url)).toContain('RDAP bootstrap file (dns.json)');
    expect(helperLabel(registry.url)).toBeUndefined();
  });

  it('labels the IANA WHOIS referral as a helper and keeps WHOIS replies as replies', () => {
    expect(helperLabel('whois://whois.iana.org/google.com')).toContain('IANA referral');
    expect(helperLabel('whois://whois.verisign-grs.com/google.com')).toBeUndefined();
  });
});
