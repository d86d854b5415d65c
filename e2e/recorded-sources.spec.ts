/**
 * Conformance tier in the browser: the same app and fake GLEIF fed with the real recorded replies
 * under fixturesDir(). Skipped with a message where they are absent (fails under CI=true).
 */
import { expect, test } from '@playwright/test';
import { fixturesDir, haveFixtures } from '../test/support/fixtures-dir';
import { screenshot, useRunningApp } from './support/harness';

test.describe('recorded GLEIF replies', () => {
  test.skip(!haveFixtures(), `conformance fixtures not found at ${fixturesDir()}`);

  const running = useRunningApp(fixturesDir());

  test('grows Microsoft into its LEI record and subsidiaries from the recorded registry', async ({
    page,
  }) => {
    await running.app.open(page);
    await page.getByLabel('New case').fill('Microsoft (recorded)');
    await page.getByRole('button', { name: 'Create case' }).click();
    await page.getByLabel('Value').fill('Microsoft Corporation');
    await page.getByLabel('Depth', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByTestId('session-state')).toHaveText('done', { timeout: 60_000 });
    await page.getByLabel('Search nodes (press / )').fill('INR2EJN1ERAN0W5ZP974');
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByTestId('details-title')).toHaveText('lei:INR2EJN1ERAN0W5ZP974');
    await expect(page.getByTestId('relation-edge').first()).toContainText('GLEIF');
    const nodes = Number(await page.getByTestId('graph-canvas').getAttribute('data-entities'));
    expect(nodes).toBeGreaterThan(5);
    await screenshot(page, '10-recorded-microsoft');
  });
});
