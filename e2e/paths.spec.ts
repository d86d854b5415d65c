/**
 * "How are these two connected?" (issue 25, docs/paths.md) on the web host against the recorded
 * GLEIF replies: Microsoft's LEI and GitHub's LEI are three hops apart (LEI - Microsoft -
 * GitHub - LEI); picking both shows that route highlighted on the canvas and listed edge by edge
 * with each edge's sources. Skipped with a message where the recorded fixtures are absent.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { fixturesDir, haveFixtures } from '../test/support/fixtures-dir';
import { screenshot, useRunningApp } from './support/harness';

const MICROSOFT_LEI = 'INR2EJN1ERAN0W5ZP974';
const GITHUB_LEI = '6354003LMZZAKOPXLX69';

async function pick(page: Page, lei: string): Promise<void> {
  await page.getByLabel('Search nodes (press / )').fill(lei);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('details-title')).toHaveText(`lei:${lei}`);
  await page.getByRole('region', { name: 'Paths' }).getByRole('button', { name: 'Add selected' }).click();
}

test.describe('paths against the recorded registry', () => {
  test.skip(!haveFixtures(), `conformance fixtures not found at ${fixturesDir()}`);

  const running = useRunningApp(fixturesDir());

  test('two entities three hops apart: the route is highlighted and listed edge by edge with its sources', async ({
    page,
  }) => {
    await running.app.open(page);
    await page.getByLabel('New case').fill('Microsoft routes');
    await page.getByRole('button', { name: 'Create case' }).click();
    await page.getByLabel('Value').fill('Microsoft Corporation');
    await page.getByLabel('Depth', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByTestId('session-state')).toHaveText('done', { timeout: 60_000 });

    await pick(page, MICROSOFT_LEI);
    await pick(page, GITHUB_LEI);
    const panel = page.getByRole('region', { name: 'Paths' });
    await expect(panel.getByRole('list', { name: 'Picked entities' }).getByRole('listitem')).toHaveCount(2);
    await panel.getByRole('button', { name: 'Shortest paths' }).click();

    const first = panel.getByRole('list', { name: 'Path 1 edges' });
    await expect(panel.getByRole('list', { name: 'Shortest paths' })).toContainText('Path 1: 3 hops');
    const edges = first.getByRole('listitem');
    await expect(edges.first()).toContainText(`lei:${MICROSOFT_LEI}`);
    await expect(edges.last()).toContainText(`lei:${GITHUB_LEI}`);
    await expect(first).toContainText(/Microsoft Corporation/i);
    await expect(first).toContainText(/GITHUB INC/i);
    // Every edge listed names its sources (the recorded registry).
    const sources = await first.getByTestId('path-edge-sources').allTextContents();
    expect(sources.length).toBeGreaterThanOrEqual(3);
    for (const text of sources) {
      expect(text).toContain('GLEIF');
    }

    // The canvas highlights the route's four entities and its edges.
    const canvas = page.getByTestId('graph-canvas');
    await expect
      .poll(async () => (await canvas.getAttribute('data-path-elements'))?.length ?? 0)
      .toBeGreaterThan(2);
    const highlighted = (
      JSON.parse((await canvas.getAttribute('data-path-elements')) ?? '[]') as string[]
    ).map((id) => id.toLowerCase());
    const entities = highlighted.filter((id) => !id.includes('|'));
    expect(entities).toHaveLength(4);
    expect(entities.filter((id) => id.includes(MICROSOFT_LEI.toLowerCase()))).toHaveLength(1);
    expect(entities.filter((id) => id.includes(GITHUB_LEI.toLowerCase()))).toHaveLength(1);
    expect(highlighted.filter((id) => id.includes('|')).length).toBe(sources.length);
    await screenshot(page, '70-paths');

    // An edge of the route opens its details.
    await edges.first().getByRole('button').click();
    await expect(page.getByTestId('edge-details')).toBeVisible();
  });
});
