/**
 * Reviewed matches in the app, against the real recorded GLEIF replies: a brand's partial match is
 * a dashed candidate with its score and brings no family until the investigator accepts it; a
 * rejected candidate disappears and a second run does not propose it again. Skipped with a
 * message where the recorded fixtures are absent (fails under CI=true).
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { fixturesDir, haveFixtures } from '../test/support/fixtures-dir';
import { screenshot, useRunningApp } from './support/harness';

test.describe('reviewing matches', () => {
  test.skip(!haveFixtures(), `conformance fixtures not found at ${fixturesDir()}`);

  const running = useRunningApp(fixturesDir());

  async function seedOrganization(page: Page, name: string): Promise<void> {
    await running.app.open(page);
    await page.getByLabel('New case').fill(`${name} (review)`);
    await page.getByRole('button', { name: 'Create case' }).click();
    await page.getByLabel('Seed type').selectOption('Organization');
    await page.getByLabel('Value').fill(name);
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByTestId('session-state')).toHaveText('done', { timeout: 60_000 });
  }

  async function select(page: Page, text: string): Promise<void> {
    await page.getByLabel('Search nodes (press / )').fill(text);
    await page.getByRole('button', { name: 'Find' }).click();
    await expect(page.getByTestId('details-title')).toHaveText(text);
  }

  test('a partial match is a dashed candidate with its score; Accept grows the family', async ({ page }) => {
    await seedOrganization(page, 'Puma');
    const canvas = page.getByTestId('graph-canvas');
    // The seed and the proposed LEI, joined by the candidate edge: no record applied, no family.
    await expect(canvas).toHaveAttribute('data-candidates', /^candidate · \d+$/);
    await expect(canvas).toHaveAttribute('data-nodes', '2');

    // The notice over the canvas says a decision waits, and leads to it.
    await expect(page.getByTestId('review-notice')).toHaveText(/^1 candidate match awaits your review/);
    await page.getByTestId('review-notice').getByRole('button', { name: 'Review' }).click();
    await expect(page.getByTestId('details-title')).toHaveText('Puma');
    const candidate = page.getByTestId('candidate');
    await expect(candidate).toHaveCount(1);
    await expect(candidate).toContainText('PUMA SE');
    await expect(candidate).toContainText('529900GRZ2BQY5ZM9N49');
    await expect(candidate.getByTestId('candidate-score')).toContainText('partial match');
    // The canvas hides edges while the Find focus animates; the picture is taken after it.
    await page.waitForTimeout(1_500);
    await screenshot(page, '30-review-candidate');

    await page.getByRole('button', { name: 'Accept PUMA SE' }).click();
    await expect(page.getByTestId('session-state')).toHaveText('done', { timeout: 60_000 });
    await expect(canvas).toHaveAttribute('data-candidates', '');
    await expect(page.getByTestId('candidate')).toHaveCount(0);
    await expect(page.getByTestId('review-notice')).toHaveCount(0);
    // The accepted record's family (PUMA SE's recorded subsidiaries) arrived on the canvas.
    await expect
      .poll(async () => Number(await canvas.getAttribute('data-entities')), { timeout: 30_000 })
      .toBeGreaterThan(5);
    await screenshot(page, '31-review-accepted');

    // Ctrl+Z takes back the run's results, then the decision: the candidate awaits review again.
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByTestId('history-entry').first()).toContainText('Expanded Puma');
    await page.keyboard.press('Control+z');
    await expect(canvas).toHaveAttribute('data-nodes', '2', { timeout: 30_000 });
    await expect(history.getByTestId('history-entry').first()).toContainText('Accepted a candidate match');
    await page.keyboard.press('Control+z');
    await expect(canvas).toHaveAttribute('data-candidates', /^candidate · \d+$/);
    await select(page, 'Puma');
    await expect(page.getByTestId('candidate')).toContainText('529900GRZ2BQY5ZM9N49');
    await screenshot(page, '32-review-accept-undone');
  });

  test('Reject removes the candidate, and a second run does not propose it again', async ({ page }) => {
    await seedOrganization(page, 'Shell');
    const canvas = page.getByTestId('graph-canvas');
    await expect(canvas).toHaveAttribute('data-candidates', /^candidate · \d+$/);
    await select(page, 'Shell');
    // Whichever name the registry's best partial match is, that one is rejected.
    const candidate = page.getByTestId('candidate').first();
    const lei = (await candidate.locator('code').textContent()) ?? '';
    const name = (await candidate.locator('strong').textContent()) ?? '';
    expect(lei).toMatch(/^[0-9A-Z]{20}$/);

    await page.getByRole('button', { name: `Reject ${name}` }).click();
    await expect(page.getByTestId('candidate').filter({ hasText: lei })).toHaveCount(0);
    await expect(canvas).toHaveAttribute('data-candidates', '');

    // A second run of the same organisation: the registry is asked again; the rejection holds.
    const requests = running.sources.gleif.apiRequests().length;
    await page.getByRole('button', { name: 'Enrich now' }).click();
    await expect.poll(() => running.sources.gleif.apiRequests().length).toBeGreaterThan(requests);
    await expect(page.getByTestId('session-state')).toHaveText('done', { timeout: 60_000 });
    await expect(page.getByTestId('details-title')).toHaveText('Shell');
    // It may propose the next-best name (rejecting one company is not "no LEI"), never this one.
    await expect(page.getByTestId('candidate').filter({ hasText: lei })).toHaveCount(0);
    await screenshot(page, '33-review-rejected');
  });
});
