/** The WHOIS plugin (source `WHOIS`, confidence 100): port-43 lookups for DomainRecords. */
import { definePlugin, type PluginDefinition } from '../../core/plugin-api';
import { createWhoisClient } from './client';
import { domainRecordHandler, SOURCE_NAME } from './handlers/domain-record';
import type { WhoisResources } from './resources';

export interface WhoisPluginOptions {
  /** Waits before re-asking a throttling server, one retry per entry (default 5 s, then 20 s). */
  throttleRetryDelaysMs?: number[];
  /** Referrals followed after the registry (default 3). */
  maxReferrals?: number;
}

export function createWhoisPlugin(options: WhoisPluginOptions = {}): PluginDefinition<WhoisResources> {
  return definePlugin<WhoisResources>({
    name: 'whois',
    source: { name: SOURCE_NAME, confidence: 100 },
    setup: (environment) => {
      const { ianaServer, servers, rateLimit } = environment.config.sources.whois;
      const { timeoutMs, maxReplyBytes } = environment.config.whoisClient;
      const client = createWhoisClient({
        ianaServer,
        servers,
        timeoutMs,
        maxReplyBytes,
        // One limiter per server, shared by every session of the engine: 1 query / s each.
        limiterFor: (server) => environment.limiter(`whois:${server}`, rateLimit, SOURCE_NAME),
        countRequest: () => environment.countRequest(SOURCE_NAME),
        clock: environment.clock,
        ...(options.throttleRetryDelaysMs === undefined
          ? {}
          : { throttleRetryDelaysMs: options.throttleRetryDelaysMs }),
        ...(options.maxReferrals === undefined ? {} : { maxReferrals: options.maxReferrals }),
      });
      return { client };
    },
    handlers: [domainRecordHandler],
  });
}

export const whoisPlugin: PluginDefinition<WhoisResources> = createWhoisPlugin();
