/**
 * The configuration file (JSON, every key optional) and its defaults, declared once: the zod schema
 * below holds each key's bounds and default, and `AppConfig` is what it produces. The app's settings
 * screen edits the same file. Secrets never live here: API keys are in the credential store.
 */
import { z } from 'zod';

import type { RateLimit } from '../net/types';
import { EngineError } from '../util/engine-error';

export type { RateLimit } from '../net/types';

/**
 * The longest duration a Node timer can wait (2^31-1 ms, about 24.8 days). A larger timeout or
 * interval would not wait at all: Node fires it at once with a warning.
 */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/** Milliseconds per duration unit (`30d`, `24h`, `90m`, `45s`, `500ms`). */
const DURATION_UNITS = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;
const DURATION_PATTERN = /^(\d+)(ms|s|m|h|d)$/;
/** A TTL longer than a century is a typo, not a cache policy. */
const MAX_TTL_MS = 100 * 365 * DURATION_UNITS.d;

const timerMs = (what: string) =>
  z
    .int()
    .positive(`${what} must be more than 0 ms`)
    .max(MAX_TIMER_MS, `${what} must be at most ${MAX_TIMER_MS} ms (about 24.8 days)`);

const rateLimitSchema = z.strictObject({
  requests: z.int().positive().max(10_000),
  intervalMs: timerMs('intervalMs'),
}) satisfies z.ZodType<RateLimit>;

const durationSchema = z
  .string()
  .regex(DURATION_PATTERN, 'a duration such as 30d, 24h, 90m or 45s')
  .refine((text) => durationMs(text) <= MAX_TTL_MS, 'a duration of at most 36500d');

const urlSchema = z.url({ protocol: /^https?$/ });

/** `host` or `host:port`, the port 1-65535. */
const hostPortSchema = z
  .string()
  .regex(/^[^\s:]+(:\d{1,5})?$/, 'host or host:port')
  .refine((text) => {
    const port = text.includes(':') ? Number(text.slice(text.indexOf(':') + 1)) : 43;
    return port >= 1 && port <= 65_535;
  }, 'a port from 1 to 65535');

const ttlRuleSchema = z.strictObject({
  from: z.string().optional(),
  to: z.string().optional(),
  plugin: z.string().optional(),
  ttl: durationSchema,
});

// Built-in entries of the three open-ended tables. A configured table adds to them (configured
// entries win) instead of replacing them, so adding one RDAP host keeps LACNIC's slower limit.
const DEFAULT_RDAP_HOSTS: Record<string, RateLimit> = {
  // LACNIC blocks for minutes after about 10 queries a minute.
  'rdap.lacnic.net': { requests: 1, intervalMs: 6000 },
};
const DEFAULT_TTL_RULES: z.output<typeof ttlRuleSchema>[] = [
  { from: 'Organization', plugin: 'gleif', ttl: '30d' },
  { from: 'Identifier', plugin: 'gleif', ttl: '30d' },
];

// Shared mailbox providers: their domain says nothing about the mailbox holder, so an e-mail
// address there is not pivoted to its domain.
const DEFAULT_MAILBOX_PROVIDERS = [
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
];

const rateLimit = (requests: number, intervalMs: number) => rateLimitSchema.default({ requests, intervalMs });

export const configSchema = z
  .strictObject({
    sources: z
      .strictObject({
        gleif: z
          .strictObject({
            baseUrl: urlSchema.default('https://api.gleif.org'),
            rateLimit: rateLimit(1, 3000),
            // Which search matches apply without review (docs/resolution.md, "Deciding from
            // evidence"): `evidence` = the candidate the evidence makes unambiguous; `confirmed` =
            // exact names or a postal-code match; `best` = any winner (the spec's rule).
            autoAccept: z.enum(['evidence', 'confirmed', 'best']).default('evidence'),
          })
          .prefault({}),
        companydata: z
          .strictObject({
            baseUrl: urlSchema.default('https://data.api.aviato.co'),
            rateLimit: rateLimit(1, 2000),
          })
          .prefault({}),
        rdap: z
          .strictObject({
            bootstrapUrl: urlSchema.default('https://data.iana.org/rdap/'),
            rateLimit: rateLimit(1, 2000),
            hosts: z
              .record(z.string(), rateLimitSchema)
              .default({})
              .transform((hosts) => ({ ...DEFAULT_RDAP_HOSTS, ...hosts })),
          })
          .prefault({}),
        whois: z
          .strictObject({
            ianaServer: hostPortSchema.default('whois.iana.org:43'),
            servers: z.record(z.string(), hostPortSchema).default({}),
            rateLimit: rateLimit(1, 1000),
          })
          .prefault({}),
        /** Which plugin answers a DomainRecord first; the next is its fallback (see docs/rdap.md). */
        domain: z
          .strictObject({
            order: z
              .array(z.enum(['rdap', 'whois']))
              .min(1)
              .default(() => ['rdap' as const, 'whois' as const]),
          })
          .prefault({}),
      })
      .prefault({}),
    /** Pivots from names to the domains that hold them (see docs/rdap.md). */
    pivots: z
      .strictObject({
        enabled: z.boolean().default(true),
        // A fresh array per configuration: a caller that edits one must not change the defaults.
        mailboxProviders: z.array(z.string().min(1)).default(() => [...DEFAULT_MAILBOX_PROVIDERS]),
      })
      .prefault({}),
    ttl: z
      .strictObject({
        default: durationSchema.default('24h'),
        // Configured rules come first; built-in defaults still apply where no configured rule is
        // more specific (see ttl.ts for precedence).
        rules: z
          .array(ttlRuleSchema)
          .default([])
          .transform((rules) => [...rules, ...DEFAULT_TTL_RULES]),
      })
      .prefault({}),
    /** The graph view's settings (the engine does not read them; the settings screen edits them). */
    ui: z
      .strictObject({
        /** More than this many same-type leaves of one node fold into a collection (docs/ui.md). */
        foldLeavesAbove: z.int().min(1).max(1_000).default(8),
      })
      .prefault({}),
    /** Default maximum dispatch depth of a session (seeds are depth 0). */
    depth: z.int().min(0).max(10).default(2),
    http: z
      .strictObject({
        timeoutMs: timerMs('http.timeoutMs').default(10_000),
        maxBodyBytes: z
          .int()
          .positive()
          .default(10 * 1024 * 1024),
        maxRetries: z.int().min(0).max(10).default(2),
        /** Longest Retry-After waited for; a longer one fails at once with "retry after <time>". */
        maxRetryAfterMs: timerMs('http.maxRetryAfterMs').default(60_000),
      })
      .prefault({}),
    whoisClient: z
      .strictObject({
        timeoutMs: timerMs('whoisClient.timeoutMs').default(10_000),
        maxReplyBytes: z
          .int()
          .positive()
          .default(1024 * 1024),
        // A failed part of a lookup (IANA, registry, registrar) is asked again after firstMs,
        // then factor times longer after each further failure in a row, at most maxMs
        // (docs/whois.md, "Parts of a lookup").
        partBackoff: z
          .strictObject({
            firstMs: timerMs('whoisClient.partBackoff.firstMs').default(10 * 60_000),
            factor: z.number().min(1).max(100).default(3),
            maxMs: timerMs('whoisClient.partBackoff.maxMs').default(24 * 60 * 60_000),
          })
          .prefault({}),
      })
      .prefault({}),
  })
  .prefault({});

/** The effective configuration: every key present, bounds checked. */
export type AppConfig = z.output<typeof configSchema>;
/** What a configuration file may hold: every key optional. */
export type ConfigFile = z.input<typeof configSchema>;
export type TtlRule = AppConfig['ttl']['rules'][number];

export class ConfigError extends EngineError {
  override readonly name = 'ConfigError';
  constructor(message: string, options?: ErrorOptions) {
    super('invalid_config', message, options);
  }
}

/** Validates a parsed config file and fills in the defaults. Throws ConfigError (one line). */
export function resolveConfig(input: unknown): AppConfig {
  const parsed = configSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.join('.') ?? '';
    throw new ConfigError(
      `invalid configuration${where ? ` at ${where}` : ''}: ${issue?.message ?? 'unknown'}`,
    );
  }
  return parsed.data;
}

export const DEFAULT_CONFIG: AppConfig = resolveConfig({});

/** Parses a duration such as `30d` into milliseconds. */
export function parseDuration(text: string): number {
  if (!DURATION_PATTERN.test(text)) {
    throw new ConfigError(`not a duration: "${text}"`);
  }
  return durationMs(text);
}

function durationMs(text: string): number {
  const match = DURATION_PATTERN.exec(text);
  if (!match) {
    return Number.NaN;
  }
  return Number(match[1]) * DURATION_UNITS[match[2] as keyof typeof DURATION_UNITS];
}
