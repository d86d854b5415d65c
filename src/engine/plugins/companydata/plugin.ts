/** The company-data plugin (source `CompanyData`, confidence 90): search, enrich, employees and funding rounds. */
import { definePlugin } from '../../core/plugin-api';
import { CREDENTIAL_NAME, SOURCE_NAME } from './client';
import { companyEnrichHandler } from './company-enrich';
import { companyRoundsHandler } from './company-rounds';
import { companySearchHandler } from './company-search';
import { employeesHandler } from './employees';
import type { CompanyDataResources } from './resources';

export const companyDataPlugin = definePlugin<CompanyDataResources>({
  name: 'companydata',
  source: { name: SOURCE_NAME, confidence: 90 },
  credential: CREDENTIAL_NAME,
  setup: (environment) => {
    const { baseUrl, rateLimit } = environment.config.sources.companydata;
    // One client for the four handlers: one 1 request / 2 s limiter (burst 1) paces every call.
    return {
      http: environment.createHttp({
        source: SOURCE_NAME,
        baseUrl,
        rateLimit,
        bearerCredential: CREDENTIAL_NAME,
      }),
    };
  },
  handlers: [companySearchHandler, employeesHandler, companyEnrichHandler, companyRoundsHandler],
});
