/** The WHOIS plugin (source `WHOIS`, confidence 100): port-43 lookups for DomainRecords. */
import { definePlugin, type PluginDefinition } from '../../core/plugin-api';
import { configuredEndpoints, createDestinationPolicy } from '../../net/destination-policy';
import path from 'node:path';
import { createWhoisClient } from './client';
import { createFilePartCache } from './part-cache';
import { domainRecordHandler } from './handlers/domain-record';
import type { WhoisResources } from './resources';
import { WHOIS_SOURCE } from './source';

export interface WhoisPluginOptions {
  /** Waits before re-asking a throttling server, one retry per entry (default 5 s, then 20 s). */
  throttleRetryDelaysMs?: number[];
  /** Referrals followed after the registry (default 3). */
  maxReferrals?: number;
}

export function createWhoisPlugin(options: WhoisPluginOptions = {}): PluginDefinition<WhoisResources> {
  return definePlugin<WhoisResources>({
    name: 'whois',
    source: WHOIS_SOURCE,
    setup: (environment) => {
      const { ianaServer, servers, rateLimit } = environment.config.sources.whois;
      const { timeoutMs, maxReplyBytes, partBackoff } = environment.config.whoisClient;
      const client = createWhoisClient({
        ianaServer,
        servers,
        timeoutMs,
        maxReplyBytes,
        // One limiter per server, shared by every session of the engine: 1 query / s each.
        limiterFor: (server) => environment.limiter(`whois:${server}`, rateLimit, WHOIS_SOURCE.name),
        countRequest: () => environment.countRequest(WHOIS_SOURCE.name),
        clock: environment.clock,
        // Every endpoint the user configured is trusted as set; servers a reply names are not.
        destinations: createDestinationPolicy(configuredEndpoints(environment.config)),
        // Each part of a lookup kept apart, so that a second run re-asks only the part that failed.
        partCache: createFilePartCache(path.join(environment.dataDir, '.whois-parts')),
        partBackoff,
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
