/** The RDAP plugin: AS, netblock and domain registration records, and their expansion into contacts. */
import path from 'node:path';
import { definePlugin, type PluginDefinition } from '../../core/plugin-api';
import { createRdapBootstrap } from './bootstrap';
import type { RdapResources } from './client';
import { domainRecordHandler } from './handlers/domain-record';
import { autnumHandler, ipnetHandler } from './handlers/expansion';
import { autsysHandler, netblockHandler } from './handlers/registration';
import { RDAP_SOURCE } from './source';

export { RDAP_SOURCE } from './source';

export const rdapPlugin: PluginDefinition<RdapResources> = definePlugin<RdapResources>({
  name: 'rdap',
  source: RDAP_SOURCE,
  setup(environment) {
    const { config, dataDir, clock, logger } = environment;
    const rdap = config.sources.rdap;
    // RDAP servers are limited per host:port (LACNIC is stricter), redirects between RIRs are followed,
    // and TLS certificates are verified (the reference turns verification off; we never do).
    const http = environment.createHttp({
      source: RDAP_SOURCE.name,
      rateLimit: rdap.rateLimit,
      perHost: rdap.hosts,
    });
    const bootstrapHttp = environment.createHttp({
      source: RDAP_SOURCE.name,
      baseUrl: rdap.bootstrapUrl,
      rateLimit: rdap.rateLimit,
    });
    const bootstrap = createRdapBootstrap({
      http: bootstrapHttp,
      baseUrl: rdap.bootstrapUrl,
      cacheDir: path.join(dataDir, '.rdap-bootstrap'),
      clock,
      logger,
    });
    return { http, bootstrap, offThread: environment.offThread };
  },
  handlers: [autsysHandler, netblockHandler, autnumHandler, ipnetHandler, domainRecordHandler],
});
