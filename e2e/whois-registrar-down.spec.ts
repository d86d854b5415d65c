/**
 * A domain looked up over WHOIS whose registrar's server never answers (fake WHOIS servers on
 * loopback replaying recorded replies): the registry's record is kept and the details panel says
 * the registrar's WHOIS was unreachable and when it is retried (issue 27).
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeWhoisServers, type FakeWhoisServers } from '../test/fakes/whois-server';
import { repositoryRoot } from '../test/support/fixtures-dir';
import {
  createDataDir,
  removeDataDir,
  screenshot,
  startApp,
  startSources,
  SYNTHETIC_GLEIF,
  type RunningApp,
  type Sources,
} from './support/harness';

let sources: Sources;
let whois: FakeWhoisServers;
let dataDir: string;
let app: RunningApp;

test.beforeEach(async () => {
  sources = await startSources(SYNTHETIC_GLEIF);
  whois = await startFakeWhoisServers({ directory: path.join(repositoryRoot, 'test', 'fixtures', 'whois') });
  whois.setBehaviour('whois.registrar.test', { kind: 'silent' });
  dataDir = await createDataDir(sources);
  const fast = { requests: 50, intervalMs: 1000 };
  await writeFile(
    path.join(dataDir, 'settings.json'),
    JSON.stringify({
      sources: {
        gleif: { baseUrl: sources.gleif.url, rateLimit: fast },
        companydata: { baseUrl: sources.companydata.url, rateLimit: fast },
        // No RDAP service (a closed loopback port): the domain is read over WHOIS.
        rdap: { bootstrapUrl: 'http://127.0.0.1:9/rdap/', rateLimit: fast },
        whois: { ianaServer: whois.ianaAddress, servers: whois.servers, rateLimit: fast },
      },
      whoisClient: { timeoutMs: 1_000 },
      http: { timeoutMs: 5_000, maxRetries: 0 },
      depth: 0,
    }),
  );
  app = await startApp(dataDir);
});

test.afterEach(async () => {
  await app.close();
  await whois.close();
  await sources.close();
  await removeDataDir(dataDir);
});

test("a domain whose registrar's WHOIS is unreachable says so in the details panel, with the time of the next try", async ({
  page,
}) => {
  await app.open(page);
  await page.getByLabel('New case').fill('Acme widgets over WHOIS');
  await page.getByRole('button', { name: 'Create case' }).click();
  await page.getByLabel('Seed type').selectOption('DomainRecord');
  await page.getByLabel('Value').fill('acme-widgets.test');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByTestId('session-state')).toHaveText('done', { timeout: 60_000 });

  await page.getByLabel('Search nodes (press / )').fill('acme-widgets.test');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('details-title')).toContainText('acme-widgets.test');
  const failures = page.getByTestId('lookup-failures');
  await expect(failures).toContainText(
    /registrar's WHOIS unreachable, retried at \d{4}-\d\d-\d\d \d\d:\d\d UTC \(whois\.registrar\.test: /,
  );
  await expect(failures.getByRole('button', { name: 'Retry' })).toBeVisible();
  // The registry's part was kept: the registry's reply named the domain's name servers.
  expect(whois.queries.map((query) => query.server)).toEqual([
    'whois.iana.org',
    'whois.nic.test',
    'whois.registrar.test',
  ]);
  await screenshot(page, 'whois-registrar-unreachable');
});
