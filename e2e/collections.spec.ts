/**
 * Collections in the browser, against the recorded GLEIF replies: an organisation's identifiers
 * (LEI, BIC, OpenCorporates, S&P ids) fold into one "N Identifiers" node per organisation; the
 * canvas still represents every entity of the case; a collection lists its members and expands.
 */
import { expect, test } from '@playwright/test';
import { fixturesDir, haveFixtures } from '../test/support/fixtures-dir';
import { screenshot, useRunningApp } from './support/harness';

test.describe('collections on recorded GLEIF replies', () => {
  test.skip(!haveFixtures(), `conformance fixtures not found at ${fixturesDir()}`);

  const running = useRunningApp(fixturesDir());

  test("folds each organisation's identifiers, counts every entity, and expands on demand", async ({
    page,
  }) => {
    await running.app.open(page);
    await page.getByLabel('New case').fill('Microsoft family (recorded)');
    await page.getByRole('button', { name: 'Create case' }).click();
    await page.getByLabel('Value').fill('Microsoft Corporation');
    await page.getByLabel('Depth', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByTestId('session-state')).toHaveText('done', { timeout: 60_000 });

    // Every entity of the case is on the canvas, drawn or folded in a drawn collection...
    const counts = page.getByTestId('graph-counts');
    await expect(counts).toHaveText(/^\d+ nodes, \d+ edges$/);
    const [, nodesText = '', edgesText = ''] =
      /^(\d+) nodes, (\d+) edges$/.exec((await counts.textContent()) ?? '') ?? [];
    const canvas = page.getByTestId('graph-canvas');
    await expect(canvas).toHaveAttribute('data-entities', nodesText);
    await expect(canvas).toHaveAttribute('data-graph-edges', edgesText);
    // ...with fewer elements drawn than entities: the identifiers are folded.
    const drawn = Number(await canvas.getAttribute('data-nodes'));
    expect(drawn).toBeLessThan(Number(nodesText));
    await screenshot(page, '20-collections-folded');

    // A collection is found by its label; the details panel lists its members.
    await page.getByLabel('Search nodes (press / )').fill('Identifiers');
    await page.getByRole('button', { name: 'Find' }).click();
    const panel = page.getByTestId('collection-details');
    await expect(panel).toBeVisible();
    const title = (await page.getByTestId('details-title').textContent()) ?? '';
    const memberCount = Number(/^(\d+) Identifiers$/.exec(title)?.[1]);
    expect(memberCount).toBeGreaterThanOrEqual(2);
    await expect(panel.getByRole('list', { name: 'Members' }).getByRole('button')).toHaveCount(memberCount);
    await screenshot(page, '21-collection-details');

    // Expanding draws its members in its place; the entities represented stay the same.
    await panel.getByRole('button', { name: 'Expand collection' }).click();
    await expect(canvas).toHaveAttribute('data-nodes', String(drawn - 1 + memberCount));
    await expect(canvas).toHaveAttribute('data-entities', nodesText);

    // An identifier found by the search inside another collection is drawn and shown.
    await page.getByLabel('Search nodes (press / )').fill('INR2EJN1ERAN0W5ZP974');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByTestId('details-title')).toHaveText('lei:INR2EJN1ERAN0W5ZP974');
    await expect(canvas).toHaveAttribute('data-entities', nodesText);
  });
});
