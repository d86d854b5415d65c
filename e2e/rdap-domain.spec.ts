/** A domain seed grows through RDAP (fake registry and registrar on loopback, synthetic replies). */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { startFakeRdapServer, type FakeRdapServer } from '../test/fakes/rdap-server';
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
let rdap: FakeRdapServer;
let dataDir: string;
let app: RunningApp;

test.beforeEach(async () => {
  sources = await startSources(SYNTHETIC_GLEIF);
  rdap = await startFakeRdapServer({ root: path.join(repositoryRoot, 'test', 'fixtures', 'rdap') });
  dataDir = await createDataDir(sources);
  const fast = { requests: 50, intervalMs: 1000 };
  // The harness's settings, with RDAP pointed at the fake and one generation of growth.
  await writeFile(
    path.join(dataDir, 'settings.json'),
    JSON.stringify({
      sources: {
        gleif: { baseUrl: sources.gleif.url, rateLimit: fast },
        companydata: { baseUrl: sources.companydata.url, rateLimit: fast },
        rdap: { bootstrapUrl: rdap.bootstrapUrl, rateLimit: fast },
        whois: { ianaServer: '127.0.0.1:9', rateLimit: fast },
      },
      http: { timeoutMs: 5_000, maxRetries: 0 },
      depth: 1,
    }),
  );
  app = await startApp(dataDir);
});

test.afterEach(async () => {
  await app.close();
  await rdap.close();
  await sources.close();
  await removeDataDir(dataDir);
});

test('a domain seed grows through RDAP and the details panel says which protocol and server answered', async ({
  page,
}) => {
  await app.open(page);
  await page.getByLabel('New case').fill('Acme widgets domain');
  await page.getByRole('button', { name: 'Create case' }).click();
  await page.getByLabel('Seed type').selectOption('DomainRecord');
  await page.getByLabel('Value').fill('acme-widgets.example');
  await page.getByRole('button', { name: 'Start' }).click();

  await expect(page.getByTestId('session-state')).toHaveText('done', { timeout: 60_000 });
  const canvas = page.getByTestId('graph-canvas');
  // The canvas draws on animation frames, so "done" can come before the last delta is drawn.
  await expect
    .poll(async () => Number(await canvas.getAttribute('data-entities')), { timeout: 10_000 })
    .toBeGreaterThanOrEqual(8);
  expect(rdap.objectRequests().map((request) => request.path)).toEqual([
    '/dns/rdap.registry.test/domain/acme-widgets.example',
    '/dns/rdap.registrar.test/rdap/domain/ACME-WIDGETS.EXAMPLE',
  ]);

  await page.getByLabel('Search nodes (press / )').fill('acme-widgets.example');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('details-title')).toContainText('acme-widgets.example');
  const registrant = page.getByTestId('relation-edge').filter({ hasText: 'registrant' }).first();
  await expect(registrant).toContainText('RDAP, confidence 100');
  await expect(registrant).toContainText(`rdap_server: ${new URL(rdap.url).host}`);
  await screenshot(page, 'rdap-domain-details');
});
