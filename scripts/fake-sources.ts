/**
 * `npm run fake-sources`: starts the four fake sources on loopback, replaying the recorded GLEIF,
 * RDAP and WHOIS replies (and the company-data files) from $FIXTURES_DIR, and writes a
 * configuration file pointing the app at them. For trying the app or the CLI on a machine without
 * network access, e.g.
 *
 *   npm run fake-sources -- --config /tmp/fake.json &
 *   COMPANYDATA_API_KEY=fake-key npm run -s cli -- enrich --case /tmp/demo.sqlite \
 *     --config /tmp/fake.json --seed "Organization=Microsoft Corporation"
 *
 * Runs until interrupted. Test support only: never imported by src/.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadRecordedDataset, startFakeCompanyDataServer } from '../test/fakes/companydata-server';
import { startFakeGleifServer } from '../test/fakes/gleif-server';
import { startFakeRdapServer } from '../test/fakes/rdap-server';
import { startFakeWhoisServers } from '../test/fakes/whois-server';
import { fixturePath, fixturesDir, haveFixtures } from '../test/support/fixtures-dir';

const { values } = parseArgs({
  options: {
    config: { type: 'string', default: path.resolve('fake-sources.config.json') },
    'api-key': { type: 'string', default: 'fake-key' },
    fast: { type: 'boolean', default: false },
  },
});

if (!haveFixtures()) {
  process.stderr.write(`error: recorded fixtures not found at ${fixturesDir()} (set FIXTURES_DIR)\n`);
  process.exit(2);
}

const gleif = await startFakeGleifServer({ fixturesDir: fixturesDir() });
const rdap = await startFakeRdapServer({ root: fixturePath('rdap') });
const whois = await startFakeWhoisServers({ directory: fixturePath('whois') });
const { dataset, employeesPageSize } = loadRecordedDataset(fixturePath('companydata', 'aviato', 'synthetic'));
const companydata = await startFakeCompanyDataServer({
  apiKey: values['api-key'],
  dataset,
  maxPageSize: employeesPageSize,
});

// The real rate limits by default, so the app behaves as it would against the real sources;
// --fast lifts them for quick demonstrations.
const fast = values.fast ? { rateLimit: { requests: 50, intervalMs: 1000 } } : {};
const config = {
  sources: {
    gleif: { baseUrl: gleif.url, ...fast },
    companydata: { baseUrl: companydata.url, ...fast },
    rdap: { bootstrapUrl: rdap.bootstrapUrl, ...fast },
    whois: { ianaServer: whois.ianaAddress, servers: whois.servers, ...fast },
  },
};
writeFileSync(values.config, `${JSON.stringify(config, null, 2)}\n`);
process.stdout.write(
  `fake sources on loopback; configuration written to ${values.config}\n` +
    `  GLEIF ${gleif.url}\n  RDAP bootstrap ${rdap.bootstrapUrl}\n  WHOIS IANA ${whois.ianaAddress}\n` +
    `  company data ${companydata.url} (key: COMPANYDATA_API_KEY=${values['api-key']})\n`,
);

const stop = (): void => {
  void Promise.all([gleif.close(), rdap.close(), whois.close(), companydata.close()]).then(() =>
    process.exit(0),
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
