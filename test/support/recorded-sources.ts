/**
 * The four fake sources replaying the recorded replies in $FIXTURES_DIR, with a configuration file
 * pointing the CLI at them (rate limits lifted): the demo case's world, for command tests.
 */
import { cp, writeFile } from 'node:fs/promises';
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

/**
 * `copies`: serve RDAP and WHOIS from copies of the recordings under `dir` (`rdap/`, `whois/`),
 * which a test may edit between runs (the fakes read a reply's file when it is asked for).
 */
export async function startRecordedSources(
  dir: string,
  apiKey: string,
  options: { copies?: boolean } = {},
): Promise<RecordedSources> {
  let rdapRoot = fixturePath('rdap');
  let whoisDir = fixturePath('whois');
  if (options.copies === true) {
    rdapRoot = path.join(dir, 'rdap');
    whoisDir = path.join(dir, 'whois');
    await cp(fixturePath('rdap'), rdapRoot, { recursive: true });
    await cp(fixturePath('whois'), whoisDir, { recursive: true });
  }
  const gleif = await startFakeGleifServer({ fixturesDir: fixturesDir() });
  const rdap = await startFakeRdapServer({ root: rdapRoot });
  const whois = await startFakeWhoisServers({ directory: whoisDir });
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
