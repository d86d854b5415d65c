/** TTL start times: which configured rule applies to a (from type, to type, plugin) lookup. */
import { parseDuration, type AppConfig, type TtlRule } from './config';

export interface TtlKey {
  /** The asset type of the event (the handler's event type). */
  from: string;
  /** The asset type the handler produces (its first transform). */
  to?: string;
  /** The plugin name, e.g. `gleif`. */
  plugin: string;
}

/**
 * The TTL in milliseconds for a lookup. A rule matches when every key it names equals the
 * lookup's; the rule naming the most keys wins; on a tie a rule naming the plugin beats one naming
 * the to-type, which beats one naming only the from-type; then the earlier rule wins (configured
 * rules come before the built-in defaults). No matching rule: `ttl.default`.
 */
export function findTtlMs(config: AppConfig, key: TtlKey): number {
  let best: { rule: TtlRule; rank: number } | undefined;
  for (const rule of config.ttl.rules) {
    if (!matches(rule.from, key.from) || !matches(rule.to, key.to) || !matches(rule.plugin, key.plugin)) {
      continue;
    }
    const rank = rankOf(rule);
    if (best === undefined || rank > best.rank) {
      best = { rule, rank };
    }
  }
  return parseDuration(best?.rule.ttl ?? config.ttl.default);
}

/** The time (ms since epoch) before which data counts as stale for this lookup: now - TTL. */
export function ttlStartTime(config: AppConfig, key: TtlKey, now: number): number {
  return now - findTtlMs(config, key);
}

function matches(ruleValue: string | undefined, value: string | undefined): boolean {
  if (ruleValue === undefined) {
    return true;
  }
  return value !== undefined && ruleValue.toLowerCase() === value.toLowerCase();
}

/** Number of keys named first (x10), then which keys: plugin 4, to 2, from 1. */
function rankOf(rule: TtlRule): number {
  const named = [rule.from, rule.to, rule.plugin].filter((value) => value !== undefined).length;
  const weight =
    (rule.plugin === undefined ? 0 : 4) + (rule.to === undefined ? 0 : 2) + (rule.from === undefined ? 0 : 1);
  return named * 10 + weight;
}

/** A memoised ttlStartTime for one configuration (handler runs ask the same few keys over and over). */
export function createTtlResolver(config: AppConfig): (key: TtlKey, now: number) => number {
  const cache = new Map<string, number>();
  return (key, now) => {
    const cacheKey = `${key.from}\u0000${key.to ?? ''}\u0000${key.plugin}`;
    let ttl = cache.get(cacheKey);
    if (ttl === undefined) {
      ttl = findTtlMs(config, key);
      cache.set(cacheKey, ttl);
    }
    return now - ttl;
  };
}
