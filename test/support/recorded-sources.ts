/**
 * The four fake sources replaying the recorded replies in $FIXTURES_DIR, with a configuration file
 * pointing the CLI at them (rate limits lifted): the demo case's world, for command tests.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  loadRecordedDataset,
  startFakeCompanyDataServer,
  type FakeCompanyDataServer,
} from '../fakes/companydata-server';
import { startFakeGleifServer, type FakeGleifServer } from '../fakes/gleif-server';
import { startFakeRdapServer, type FakeRdapServer } from '../fakes/rdap-server';
import { startFakeWhoisServers, type FakeWhoisServers } from '../fakes/whois-server';
import { fixturePath, fixturesDir } from './fixtures-dir';

export interface RecordedSources {
  gleif: FakeGleifServer;
  rdap: FakeRdapServer;
  whois: FakeWhoisServers;
  companydata: FakeCompanyDataServer;
  configFile: string;
  close(): Promise<void>;
}

/** The demo's seeds (README, "Trying it without network access"). */
export const DEMO_SEEDS = [
  'Organization=Microsoft Corporation',
  'AutonomousSystem=2914',
  'DomainRecord=google.com',
];

export async function startRecordedSources(dir: string, apiKey: string): Promise<RecordedSources> {
  const gleif = await startFakeGleifServer({ fixturesDir: fixturesDir() });
  const rdap = await startFakeRdapServer({ root: fixturePath('rdap') });
  const whois = await startFakeWhoisServers({ directory: fixturePath('whois') });
  const { dataset, employeesPageSize } = loadRecordedDataset(
    fixturePath('companydata', 'aviato', 'synthetic'),
  );
  const companydata = await startFakeCompanyDataServer({ apiKey, dataset, maxPageSize: employeesPageSize });
  const fast = { rateLimit: { requests: 50, intervalMs: 1000 } };
  const configFile = path.join(dir, 'config.json');
  await writeFile(
    configFile,
    JSON.stringify({
      sources: {
        gleif: { baseUrl: gleif.url, ...fast },
        companydata: { baseUrl: companydata.url, ...fast },
        rdap: { bootstrapUrl: rdap.bootstrapUrl, ...fast },
        whois: { ianaServer: whois.ianaAddress, servers: whois.servers, ...fast },
      },
    }),
  );
  return {
    gleif,
    rdap,
    whois,
    companydata,
    configFile,
    close: async () => {
      await Promise.all([gleif.close(), rdap.close(), whois.close(), companydata.close()]);
    },
  };
}
