/**
 * The configuration file (JSON, every key optional) and its defaults. The app's settings screen
 * edits the same file. Secrets never live here: API keys are in the credential store.
 */
import { z } from 'zod';

import type { RateLimit } from '../net/types';

export type { RateLimit } from '../net/types';

export interface TtlRule {
  from?: string;
  to?: string;
  plugin?: string;
  /** Duration such as `30d`, `24h`, `90m`, `45s`. */
  ttl: string;
}

export interface AppConfig {
  sources: {
    gleif: { baseUrl: string; rateLimit: RateLimit };
    companydata: { baseUrl: string; rateLimit: RateLimit };
    rdap: { bootstrapUrl: string; rateLimit: RateLimit; hosts: Record<string, RateLimit> };
    whois: { ianaServer: string; servers: Record<string, string>; rateLimit: RateLimit };
    /** Which plugin answers a DomainRecord first; the next is its fallback (see docs/rdap.md). */
    domain: { order: string[] };
  };
  /** Pivots from names to the domains that hold them (see docs/rdap.md). */
  pivots: { enabled: boolean; mailboxProviders: string[] };
  ttl: { default: string; rules: TtlRule[] };
  /** Default maximum dispatch depth of a session (seeds are depth 0). */
  depth: number;
  http: { timeoutMs: number; maxBodyBytes: number; maxRetries: number };
  whoisClient: { timeoutMs: number; maxReplyBytes: number };
}

export const DEFAULT_CONFIG: AppConfig = {
  sources: {
    gleif: { baseUrl: 'https://api.gleif.org', rateLimit: { requests: 1, intervalMs: 3000 } },
    companydata: { baseUrl: 'https://data.api.aviato.co', rateLimit: { requests: 1, intervalMs: 2000 } },
    rdap: {
      bootstrapUrl: 'https://data.iana.org/rdap/',
      rateLimit: { requests: 1, intervalMs: 2000 },
      // LACNIC blocks for minutes after about 10 queries a minute.
      hosts: { 'rdap.lacnic.net': { requests: 1, intervalMs: 6000 } },
    },
    whois: { ianaServer: 'whois.iana.org:43', servers: {}, rateLimit: { requests: 1, intervalMs: 1000 } },
    domain: { order: ['rdap', 'whois'] },
  },
  pivots: {
    enabled: true,
    // Shared mailbox providers: their domain says nothing about the mailbox holder.
    mailboxProviders: [
      'gmail.com',
      'googlemail.com',
      'outlook.com',
      'hotmail.com',
      'live.com',
      'msn.com',
      'yahoo.com',
      'icloud.com',
      'me.com',
      'aol.com',
      'proton.me',
      'protonmail.com',
      'gmx.com',
      'gmx.de',
      'web.de',
      'mail.ru',
      'yandex.ru',
      'qq.com',
      '163.com',
      'zoho.com',
    ],
  },
  ttl: {
    default: '24h',
    rules: [
      { from: 'Organization', plugin: 'gleif', ttl: '30d' },
      { from: 'Identifier', plugin: 'gleif', ttl: '30d' },
    ],
  },
  depth: 2,
  http: { timeoutMs: 10_000, maxBodyBytes: 10 * 1024 * 1024, maxRetries: 2 },
  whoisClient: { timeoutMs: 10_000, maxReplyBytes: 1024 * 1024 },
};

const rateLimitSchema = z.strictObject({
  requests: z.int().positive(),
  intervalMs: z.int().positive(),
});
const durationSchema = z.string().regex(/^\d+(ms|s|m|h|d)$/, 'a duration such as 30d, 24h, 90m or 45s');
const urlSchema = z.url({ protocol: /^https?$/ });
const hostPortSchema = z.string().regex(/^[^\s:]+(:\d{1,5})?$/, 'host or host:port');

const configFileSchema = z
  .strictObject({
    sources: z
      .strictObject({
        gleif: z.strictObject({ baseUrl: urlSchema, rateLimit: rateLimitSchema }).partial(),
        companydata: z.strictObject({ baseUrl: urlSchema, rateLimit: rateLimitSchema }).partial(),
        rdap: z
          .strictObject({
            bootstrapUrl: urlSchema,
            rateLimit: rateLimitSchema,
            hosts: z.record(z.string(), rateLimitSchema),
          })
          .partial(),
        whois: z
          .strictObject({
            ianaServer: hostPortSchema,
            servers: z.record(z.string(), hostPortSchema),
            rateLimit: rateLimitSchema,
          })
          .partial(),
        domain: z.strictObject({ order: z.array(z.enum(['rdap', 'whois'])).min(1) }).partial(),
      })
      .partial(),
    pivots: z.strictObject({ enabled: z.boolean(), mailboxProviders: z.array(z.string().min(1)) }).partial(),
    ttl: z
      .strictObject({
        default: durationSchema,
        rules: z.array(
          z.strictObject({
            from: z.string().optional(),
            to: z.string().optional(),
            plugin: z.string().optional(),
            ttl: durationSchema,
          }),
        ),
      })
      .partial(),
    depth: z.int().min(0).max(10),
    http: z
      .strictObject({
        timeoutMs: z.int().positive(),
        maxBodyBytes: z.int().positive(),
        maxRetries: z.int().min(0).max(10),
      })
      .partial(),
    whoisClient: z
      .strictObject({ timeoutMs: z.int().positive(), maxReplyBytes: z.int().positive() })
      .partial(),
  })
  .partial();

export type ConfigFile = z.infer<typeof configFileSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Validates a parsed config file and merges it over the defaults. Throws ConfigError. */
export function resolveConfig(input: unknown): AppConfig {
  const parsed = configFileSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    throw new ConfigError(
      `invalid configuration${where ? ` at ${where}` : ''}: ${issue?.message ?? 'unknown'}`,
    );
  }
  const file = parsed.data;
  const d = DEFAULT_CONFIG;
  const rules: TtlRule[] = (file.ttl?.rules ?? []).map((rule) => ({ ...definedOnly(rule), ttl: rule.ttl }));
  return {
    sources: {
      gleif: { ...d.sources.gleif, ...definedOnly(file.sources?.gleif) },
      companydata: { ...d.sources.companydata, ...definedOnly(file.sources?.companydata) },
      rdap: {
        ...d.sources.rdap,
        ...definedOnly(file.sources?.rdap),
        hosts: { ...d.sources.rdap.hosts, ...file.sources?.rdap?.hosts },
      },
      whois: {
        ...d.sources.whois,
        ...definedOnly(file.sources?.whois),
        servers: { ...d.sources.whois.servers, ...file.sources?.whois?.servers },
      },
      domain: { ...d.sources.domain, ...definedOnly(file.sources?.domain) },
    },
    pivots: { ...d.pivots, ...definedOnly(file.pivots) },
    ttl: {
      default: file.ttl?.default ?? d.ttl.default,
      // Configured rules come first; built-in defaults still apply where no configured rule is
      // more specific (see ttl.ts for precedence).
      rules: [...rules, ...d.ttl.rules],
    },
    depth: file.depth ?? d.depth,
    http: { ...d.http, ...definedOnly(file.http) },
    whoisClient: { ...d.whoisClient, ...definedOnly(file.whoisClient) },
  };
}

type DefinedOnly<T> = { [K in keyof T]?: Exclude<T[K], undefined> };

/** Drops keys whose value is undefined, so they do not override defaults when spread. */
function definedOnly<T extends object>(value: T | undefined): DefinedOnly<T> {
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value ?? {})) {
    if (item !== undefined) {
      result[key] = item;
    }
  }
  return result as DefinedOnly<T>;
}

/** Parses a duration such as `30d` into milliseconds. */
export function parseDuration(text: string): number {
  const match = /^(\d+)(ms|s|m|h|d)$/.exec(text);
  if (!match) {
    throw new ConfigError(`not a duration: "${text}"`);
  }
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 }[
    match[2] as 'ms' | 's' | 'm' | 'h' | 'd'
  ];
  return Number(match[1]) * unit;
}
