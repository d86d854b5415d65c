import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, resolveConfig, type TtlRule } from './config';
import { createTtlResolver, findTtlMs, ttlStartTime } from './ttl';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function configWith(rules: TtlRule[], defaultTtl = '24h') {
  return { ...DEFAULT_CONFIG, ttl: { default: defaultTtl, rules } };
}

describe('ttlStartTime', () => {
  it('subtracts the TTL from now', () => {
    expect(
      ttlStartTime(configWith([], '2h'), { from: 'FQDN', to: 'DomainRecord', plugin: 'whois' }, 10 * DAY),
    ).toBe(10 * DAY - 2 * HOUR);
  });

  it('uses one day when no rule matches the default configuration', () => {
    expect(findTtlMs(DEFAULT_CONFIG, { from: 'AutonomousSystem', to: 'AutnumRecord', plugin: 'rdap' })).toBe(
      DAY,
    );
  });

  it('uses thirty days for gleif from Organization by default', () => {
    expect(findTtlMs(DEFAULT_CONFIG, { from: 'Organization', to: 'Identifier', plugin: 'gleif' })).toBe(
      30 * DAY,
    );
  });

  it('uses thirty days for gleif from Identifier by default', () => {
    expect(findTtlMs(DEFAULT_CONFIG, { from: 'Identifier', to: 'Organization', plugin: 'gleif' })).toBe(
      30 * DAY,
    );
  });

  it('keeps one day for another plugin from Organization by default', () => {
    expect(findTtlMs(DEFAULT_CONFIG, { from: 'Organization', to: 'Identifier', plugin: 'companydata' })).toBe(
      DAY,
    );
  });

  it('uses the configured default when no rule matches', () => {
    expect(
      findTtlMs(configWith([{ from: 'Netblock', ttl: '1h' }], '90m'), { from: 'FQDN', plugin: 'whois' }),
    ).toBe(90 * 60_000);
  });

  it('ignores a rule whose named key differs from the lookup', () => {
    const config = configWith([{ from: 'Organization', plugin: 'gleif', ttl: '1h' }]);
    expect(findTtlMs(config, { from: 'Identifier', plugin: 'gleif' })).toBe(DAY);
  });

  it('ignores a rule naming a to-type when the lookup has none', () => {
    const config = configWith([{ to: 'Identifier', ttl: '1h' }]);
    expect(findTtlMs(config, { from: 'Organization', plugin: 'gleif' })).toBe(DAY);
  });

  it('prefers the rule naming more keys whatever the order', () => {
    const config = configWith([
      { from: 'Organization', ttl: '1h' },
      { from: 'Organization', to: 'Identifier', plugin: 'gleif', ttl: '3h' },
      { from: 'Organization', to: 'Identifier', ttl: '2h' },
    ]);
    expect(findTtlMs(config, { from: 'Organization', to: 'Identifier', plugin: 'gleif' })).toBe(3 * HOUR);
  });

  it('prefers a from-and-to rule over a from-only rule', () => {
    const config = configWith([
      { from: 'Organization', ttl: '1h' },
      { from: 'Organization', to: 'Identifier', ttl: '2h' },
    ]);
    expect(findTtlMs(config, { from: 'Organization', to: 'Identifier', plugin: 'gleif' })).toBe(2 * HOUR);
  });

  it('prefers naming the plugin over naming the to-type when both name two keys', () => {
    const config = configWith([
      { from: 'Organization', to: 'Identifier', ttl: '2h' },
      { from: 'Organization', plugin: 'gleif', ttl: '5h' },
    ]);
    expect(findTtlMs(config, { from: 'Organization', to: 'Identifier', plugin: 'gleif' })).toBe(5 * HOUR);
  });

  it('prefers naming the plugin over naming the to-type when both name one key', () => {
    const config = configWith([
      { to: 'Identifier', ttl: '2h' },
      { plugin: 'gleif', ttl: '5h' },
    ]);
    expect(findTtlMs(config, { from: 'Organization', to: 'Identifier', plugin: 'gleif' })).toBe(5 * HOUR);
  });

  it('prefers naming the to-type over naming only the from-type', () => {
    const config = configWith([
      { from: 'Organization', ttl: '2h' },
      { to: 'Identifier', ttl: '7h' },
    ]);
    expect(findTtlMs(config, { from: 'Organization', to: 'Identifier', plugin: 'gleif' })).toBe(7 * HOUR);
  });

  it('keeps the earlier of two equally specific rules', () => {
    const config = configWith([
      { from: 'Organization', plugin: 'gleif', ttl: '2h' },
      { from: 'Organization', plugin: 'gleif', ttl: '9h' },
    ]);
    expect(findTtlMs(config, { from: 'Organization', plugin: 'gleif' })).toBe(2 * HOUR);
  });

  it('lets a configured rule override the built-in gleif default with the same keys', () => {
    const config = resolveConfig({ ttl: { rules: [{ from: 'Organization', plugin: 'gleif', ttl: '12h' }] } });
    expect(findTtlMs(config, { from: 'Organization', to: 'Identifier', plugin: 'gleif' })).toBe(12 * HOUR);
  });

  it('lets a more specific configured rule beat the built-in gleif default', () => {
    const config = resolveConfig({
      ttl: { rules: [{ from: 'Organization', to: 'Identifier', plugin: 'gleif', ttl: '6h' }] },
    });
    expect(findTtlMs(config, { from: 'Organization', to: 'Identifier', plugin: 'gleif' })).toBe(6 * HOUR);
    expect(findTtlMs(config, { from: 'Organization', to: 'Organization', plugin: 'gleif' })).toBe(30 * DAY);
  });

  it('matches names without regard to case', () => {
    const config = configWith([{ from: 'organization', plugin: 'GLEIF', ttl: '4h' }]);
    expect(findTtlMs(config, { from: 'Organization', plugin: 'gleif' })).toBe(4 * HOUR);
  });
});

describe('createTtlResolver', () => {
  it('gives the same start times as ttlStartTime for each key', () => {
    const config = configWith([{ from: 'Organization', plugin: 'gleif', ttl: '3h' }]);
    const resolve = createTtlResolver(config);
    const key = { from: 'Organization', to: 'Identifier', plugin: 'gleif' };
    const other = { from: 'FQDN', plugin: 'whois' };
    expect(resolve(key, 10 * DAY)).toBe(ttlStartTime(config, key, 10 * DAY));
    expect(resolve(other, 10 * DAY)).toBe(10 * DAY - DAY);
    expect(resolve(key, 11 * DAY)).toBe(11 * DAY - 3 * HOUR);
  });
});
