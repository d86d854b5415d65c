/** The company-data plugin (source `CompanyData`, confidence 90): search, enrich, employees and funding rounds. */
import { definePlugin } from '../../core/plugin-api';
import { COMPANYDATA_SOURCE, CREDENTIAL_NAME, type CompanyDataResources } from './client';
import { companyEnrichHandler } from './handlers/company-enrich';
import { companyRoundsHandler } from './handlers/company-rounds';
import { companySearchHandler } from './handlers/company-search';
import { employeesHandler } from './handlers/employees';

export const companyDataPlugin = definePlugin<CompanyDataResources>({
  name: 'companydata',
  source: COMPANYDATA_SOURCE,
  credential: CREDENTIAL_NAME,
  setup: (environment) => {
    const { baseUrl, rateLimit } = environment.config.sources.companydata;
    // One client for the four handlers: one 1 request / 2 s limiter (burst 1) paces every call.
    return {
      http: environment.createHttp({
        source: COMPANYDATA_SOURCE.name,
        baseUrl,
        rateLimit,
        bearerCredential: CREDENTIAL_NAME,
      }),
    };
  },
  handlers: [companySearchHandler, employeesHandler, companyEnrichHandler, companyRoundsHandler],
});
