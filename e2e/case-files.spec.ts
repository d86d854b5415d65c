/**
 * Case files like any desktop app (issue 23, item 5), on the web host in Chromium: "Open case
 * file..." by path for a case elsewhere on disk, "Save a copy as..." with a name and a folder, the
 * case list following files that appear in or go from the cases folder (a file that is not a case
 * listed with the reason), and the page opened without its token offering nothing that writes.
 */
import { copyFile, mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { DEFAULT_CONFIG, createEngine, createMemoryCredentialStore, silentLogger } from '../src/engine/index';
import { SYNTHETIC_GLEIF, screenshot, useRunningApp } from './support/harness';

const running = useRunningApp(SYNTHETIC_GLEIF);

/** Writes a case file the way a CLI run or a colleague's app would: named, with `hosts` in it. */
async function writeCaseFile(file: string, name: string, hosts: string[]): Promise<void> {
  const engine = createEngine({
    config: DEFAULT_CONFIG,
    dataDir: path.dirname(file),
    credentials: createMemoryCredentialStore(),
    plugins: [],
    logger: silentLogger,
  });
  try {
    const open = engine.openCase(file);
    open.graph.setMeta('name', name);
    await open.graph.apply(
      {
        entities: hosts.map((host) => ({ type: 'FQDN', asset: { name: host } })),
        edges: [],
        dispatch: [],
      },
      { source: { name: 'WHOIS', confidence: 80 } },
    );
  } finally {
    await engine.close();
  }
}

async function openFromPath(page: Page, file: string): Promise<void> {
  await page.getByRole('button', { name: 'Open case file…' }).click();
  await page.getByRole('textbox', { name: 'Case file' }).fill(file);
  await page.getByRole('button', { name: 'Open', exact: true }).click();
}

test('Open case file… opens a case file from elsewhere on disk where it is, and the list shows its path', async ({
  page,
}) => {
  const file = path.join(running.dataDir, 'from a colleague', 'supplier review.sqlite');
  await mkdir(path.dirname(file));
  await writeCaseFile(file, 'Supplier review', ['a.supplier.example', 'b.supplier.example']);
  await running.app.open(page);
  await expect(page.getByText(/No cases yet/)).toBeVisible();

  await openFromPath(page, path.join(running.dataDir, 'nowhere.sqlite'));
  await expect(page.getByRole('alert')).toHaveText(/There is no file at .*nowhere\.sqlite\./);
  await page.getByRole('textbox', { name: 'Case file' }).fill(file);
  await screenshot(page, 'case-files-open-by-path');
  await page.getByRole('button', { name: 'Open', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Supplier review' })).toBeVisible();
  await expect(page.getByTestId('graph-counts')).toHaveText('2 nodes, 0 edges');
  await page.getByRole('button', { name: 'Back to the case list' }).click();
  const row = page.getByTestId('case-row').filter({ hasText: 'Supplier review' });
  await expect(row).toContainText(file);
  await expect(row.getByRole('button', { name: 'Remove Supplier review from the list' })).toBeVisible();
});

test('Save a copy as… asks for a name and a folder, and the copy opens as its own case', async ({ page }) => {
  await writeCaseFile(path.join(running.dataDir, 'cases', 'acme.sqlite'), 'Acme', ['acme.example']);
  const shared = path.join(running.dataDir, 'shared drive');
  await mkdir(shared);
  await running.app.open(page);

  await page.getByRole('button', { name: 'Save a copy of Acme as' }).click();
  await expect(page.getByLabel('Name of the copy')).toHaveValue('Acme (copy)');
  await page.getByLabel('Name of the copy').fill('Acme for Legal');
  await page.getByLabel('Folder').fill(shared);
  await screenshot(page, 'case-files-save-copy-as');
  await page.getByRole('button', { name: 'Save copy' }).click();

  const copyPath = path.join(shared, 'acme-for-legal.sqlite');
  await expect(page.getByText(`Saved a copy as “Acme for Legal” at ${copyPath}.`)).toBeVisible();
  const copyRow = page.getByTestId('case-row').filter({ hasText: 'Acme for Legal' });
  await expect(copyRow).toContainText(copyPath);
  await copyRow.getByRole('button', { name: 'Open Acme for Legal' }).click();
  await expect(page.getByRole('heading', { name: 'Acme for Legal' })).toBeVisible();
  await expect(page.getByTestId('graph-counts')).toHaveText('1 nodes, 0 edges');
});

test('the case list follows case files that appear in and go from the cases folder, naming files that are not cases', async ({
  page,
}) => {
  const outside = path.join(running.dataDir, 'port audit.sqlite');
  await writeCaseFile(outside, 'Port audit', ['port.example']);
  await running.app.open(page);
  await expect(page.getByText(/No cases yet/)).toBeVisible();
  const cases = path.join(running.dataDir, 'cases');

  await copyFile(outside, path.join(cases, 'port-audit.sqlite'));
  await writeFile(path.join(cases, 'empty.sqlite'), '');
  await expect(page.getByRole('button', { name: 'Open Port audit' })).toBeVisible();
  const empty = page.getByTestId('case-row').filter({ hasText: 'empty.sqlite' });
  await expect(empty).toContainText('Cannot be opened as a case: an empty file (0 bytes), not a case file');
  await expect(empty.getByRole('button')).toHaveCount(0);
  await screenshot(page, 'case-files-list');

  await rm(path.join(cases, 'port-audit.sqlite'));
  await expect(page.getByRole('button', { name: 'Open Port audit' })).toHaveCount(0);
  await expect(empty).toBeVisible();
});

test('a page opened without its access token says how to open the app and offers nothing that writes', async ({
  page,
  browser,
}) => {
  await running.app.open(page);
  const origin = new URL(page.url()).origin;
  // A new tab of its own (no token kept in its session), as a bookmark or a typed address opens.
  const context = await browser.newContext();
  const bare = await context.newPage();
  const sockets: string[] = [];
  bare.on('websocket', (socket) => sockets.push(socket.url()));

  await bare.goto(`${origin}/`);

  await expect(bare.getByRole('heading', { name: 'Open Trace Graph from its own address' })).toBeVisible();
  await expect(bare.getByText('npm run web -- --open')).toBeVisible();
  await expect(bare.getByRole('button')).toHaveCount(0);
  await expect(bare.getByRole('textbox')).toHaveCount(0);
  await expect(bare.getByText(/No cases yet/)).toHaveCount(0);
  expect(sockets).toEqual([]);
  await screenshot(bare, 'no-token-page');
  await context.close();
});
