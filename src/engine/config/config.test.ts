import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CONFIG, MAX_TIMER_MS, resolveConfig } from './config';

/** The JSON block under the README's "Configuration" heading, which says it lists the defaults. */
function readmeConfigExample(): unknown {
  const readme = readFileSync(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.split('## Configuration')[1] ?? '';
  const block = section.split('```json')[1]?.split('```')[0];
  if (block === undefined) throw new Error('README has no JSON block under "## Configuration"');
  return JSON.parse(block);
}

describe('resolveConfig', () => {
  it('gives the stated defaults for an empty file', () => {
    expect(DEFAULT_CONFIG.sources.gleif).toEqual({
      baseUrl: 'https://api.gleif.org',
      rateLimit: { requests: 1, intervalMs: 3000 },
      autoAccept: 'evidence',
    });
    expect(DEFAULT_CONFIG.depth).toBe(2);
    expect(DEFAULT_CONFIG.http.timeoutMs).toBe(10_000);
  });

  it('resolves the README example to the defaults (its TTL rules restate the built-in ones)', () => {
    const example = resolveConfig(readmeConfigExample());
    const builtInRules = DEFAULT_CONFIG.ttl.rules;
    expect({
      ...example,
      ttl: { ...example.ttl, rules: example.ttl.rules.slice(-builtInRules.length) },
    }).toEqual(DEFAULT_CONFIG);
  });

  it('fills in the keys a partial section leaves out', () => {
    const config = resolveConfig({ sources: { gleif: { baseUrl: 'http://127.0.0.1:9' } } });
    expect(config.sources.gleif.rateLimit).toEqual({ requests: 1, intervalMs: 3000 });
    expect(config.sources.companydata.baseUrl).toBe('https://data.api.aviato.co');
  });

  it('reads sources.gleif.autoAccept and refuses a value it does not know', () => {
    expect(resolveConfig({ sources: { gleif: { autoAccept: 'best' } } }).sources.gleif.autoAccept).toBe(
      'best',
    );
    expect(() => resolveConfig({ sources: { gleif: { autoAccept: 'always' } } })).toThrow();
  });

  it('waits for a Retry-After of up to 60 s by default, and as long as http.maxRetryAfterMs says', () => {
    expect(DEFAULT_CONFIG.http.maxRetryAfterMs).toBe(60_000);
    expect(resolveConfig({ http: { maxRetryAfterMs: 5000 } }).http.maxRetryAfterMs).toBe(5000);
    expect(() => resolveConfig({ http: { maxRetryAfterMs: MAX_TIMER_MS + 1 } })).toThrow(ConfigError);
  });

  it('adds configured RDAP hosts to the built-in ones instead of replacing them', () => {
    const config = resolveConfig({
      sources: { rdap: { hosts: { 'rdap.example': { requests: 2, intervalMs: 100 } } } },
    });
    expect(Object.keys(config.sources.rdap.hosts).sort()).toEqual(['rdap.example', 'rdap.lacnic.net']);
  });

  it('puts configured TTL rules before the built-in ones', () => {
    const config = resolveConfig({ ttl: { rules: [{ plugin: 'rdap', ttl: '1h' }] } });
    expect(config.ttl.rules[0]).toEqual({ plugin: 'rdap', ttl: '1h' });
    expect(config.ttl.rules).toHaveLength(3);
  });

  it('refuses a timeout longer than a Node timer can wait', () => {
    expect(() => resolveConfig({ http: { timeoutMs: 3_000_000_000 } })).toThrow(
      /at http\.timeoutMs: .*at most 2147483647 ms/,
    );
    expect(resolveConfig({ http: { timeoutMs: MAX_TIMER_MS } }).http.timeoutMs).toBe(MAX_TIMER_MS);
  });

  it('refuses a rate-limit interval above the timer limit', () => {
    expect(() =>
      resolveConfig({ sources: { gleif: { rateLimit: { requests: 1, intervalMs: 3e9 } } } }),
    ).toThrow(ConfigError);
  });

  it('refuses a zero rate-limit interval', () => {
    expect(() =>
      resolveConfig({ sources: { whois: { rateLimit: { requests: 1, intervalMs: 0 } } } }),
    ).toThrow(/at sources\.whois\.rateLimit\.intervalMs/);
  });

  it('refuses a WHOIS server port outside 1-65535', () => {
    expect(() => resolveConfig({ sources: { whois: { ianaServer: 'whois.example:99999' } } })).toThrow(
      /a port from 1 to 65535/,
    );
    expect(() => resolveConfig({ sources: { whois: { servers: { com: 'whois.example:0' } } } })).toThrow(
      /at sources\.whois\.servers\.com/,
    );
  });

  it('refuses a base URL with a port above 65535', () => {
    expect(() => resolveConfig({ sources: { gleif: { baseUrl: 'http://127.0.0.1:99999' } } })).toThrow(
      /at sources\.gleif\.baseUrl/,
    );
  });

  it('refuses a depth above 10', () => {
    expect(() => resolveConfig({ depth: 11 })).toThrow(/at depth/);
  });

  it('refuses a TTL longer than a century', () => {
    expect(() => resolveConfig({ ttl: { default: '99999999999d' } })).toThrow(/at ttl\.default/);
  });

  it('says what is wrong in one line', () => {
    try {
      resolveConfig({ http: { timeoutMs: -1 } });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain('\n');
    }
  });
});
