/**
 * The timeline (issue 25, docs/timeline.md) on the web host against the recorded GLEIF replies:
 * two runs (Microsoft at depth 0, then at depth 1); "New in the last run" shows exactly the
 * entities the second run added (the JSON export after it minus the one before it), in the strip's
 * count, in the entity table (its CSV view export) and on the canvas. Skipped with a message where
 * the recorded fixtures are absent.
 */
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import Papa from 'papaparse';
import { fixturesDir, haveFixtures } from '../test/support/fixtures-dir';
import { screenshot, useRunningApp } from './support/harness';

async function exportedIds(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'JSON' }).click();
  const json = JSON.parse(await readFile(await (await download).path(), 'utf8')) as {
    entities: { id: string }[];
  };
  return json.entities.map((entity) => entity.id);
}

async function run(page: Page, depth: number, grownPast: number): Promise<void> {
  await page.getByLabel('Value').fill('Microsoft Corporation');
  await page.getByLabel('Depth', { exact: true }).fill(String(depth));
  await page.getByRole('button', { name: 'Start' }).click();
  const canvas = page.getByTestId('graph-canvas');
  await expect
    .poll(async () => Number(await canvas.getAttribute('data-entities')), { timeout: 60_000 })
    .toBeGreaterThan(grownPast);
  await expect(page.getByTestId('session-state')).toHaveText('done', { timeout: 60_000 });
}

test.describe('timeline against the recorded registry', () => {
  test.skip(!haveFixtures(), `conformance fixtures not found at ${fixturesDir()}`);

  const running = useRunningApp(fixturesDir());

  test('"New in the last run" shows exactly the entities the last run added', async ({ page }) => {
    await running.app.open(page);
    await page.getByLabel('New case').fill('Two runs');
    await page.getByRole('button', { name: 'Create case' }).click();
    await run(page, 0, 0);
    const first = await exportedIds(page);
    await run(page, 1, first.length);
    const second = await exportedIds(page);
    const added = second.filter((id) => !first.includes(id)).sort();
    expect(added.length).toBeGreaterThan(10);

    await page.getByRole('button', { name: 'Timeline' }).click();
    const strip = page.getByRole('region', { name: 'Timeline' });
    const bars = strip.getByRole('list', { name: 'Timeline bars' }).getByRole('listitem');
    await expect(bars).toHaveCount(2);
    await expect(bars.nth(1)).toContainText(`Run 2+${added.length} /`);
    await expect(strip.getByTestId('timeline-status')).toHaveText(`${second.length} entities`);
    const canvas = page.getByTestId('graph-canvas');
    const visibleBefore = Number(await canvas.getAttribute('data-visible-nodes'));

    await strip.getByRole('button', { name: 'New in the last run' }).click();
    await expect(strip.getByTestId('timeline-status')).toHaveText(
      `Showing ${added.length} of ${second.length} entities: new in the last run`,
    );
    // The canvas hides what the first run found.
    await expect
      .poll(async () => Number(await canvas.getAttribute('data-visible-nodes')))
      .toBeLessThan(visibleBefore);

    // The table lists exactly the added entities: its view's CSV holds their ids.
    await page.getByRole('button', { name: 'Entity table' }).click();
    await expect(page.getByTestId('entity-table-count')).toHaveText(`${added.length} of ${second.length}`);
    await screenshot(page, '75-timeline');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export view (CSV)' }).click();
    const csv = Papa.parse<Record<string, string>>(await readFile(await (await download).path(), 'utf8'), {
      header: true,
      skipEmptyLines: true,
    });
    expect(csv.data.map((row) => row.id).sort()).toEqual(added);

    // "Show all" brings every entity back.
    await strip.getByRole('button', { name: 'Show all' }).click();
    await expect(page.getByTestId('entity-table-count')).toHaveText(`${second.length} of ${second.length}`);
  });
});
