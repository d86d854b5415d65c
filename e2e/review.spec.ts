/**
 * Reviewed matches in the app, against the real recorded GLEIF replies: a brand typed alone gets
 * ranked dashed candidates, each with its score and its evidence in words, and brings no family
 * until the investigator accepts one; rejected candidates disappear and a second run does not
 * propose them again. Skipped with a
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

  test('a brand gets ranked dashed candidates with their evidence; Accept grows the family', async ({
    page,
  }) => {
    await seedOrganization(page, 'Puma');
    const canvas = page.getByTestId('graph-canvas');
    // The seed and the proposed LEIs, joined by candidate edges: no record applied, no family.
    await expect(canvas).toHaveAttribute('data-candidates', /^candidate · \d+(\ncandidate · \d+){1,4}$/);

    // The notice over the canvas says a decision waits, and leads to it.
    await expect(page.getByTestId('review-notice')).toHaveText(
      /^Candidate matches for 1 organization await your review/,
    );
    await page.getByTestId('review-notice').getByRole('button', { name: 'Review' }).click();
    await expect(page.getByTestId('details-title')).toHaveText('Puma');
    const candidates = page.getByTestId('candidate');
    expect(await candidates.count()).toBeGreaterThan(1);
    expect(await candidates.count()).toBeLessThanOrEqual(5);
    // Ranked: PUMA SE first, with the evidence that puts it there, in words.
    const first = candidates.first();
    await expect(first).toHaveAttribute('data-rank', '1');
    await expect(first).toContainText('PUMA SE');
    await expect(first).toContainText('529900GRZ2BQY5ZM9N49');
    await expect(first.getByTestId('candidate-score')).toContainText('partial match');
    await expect(first.getByTestId('candidate-evidence')).toContainText('same name');
    await expect(first.getByTestId('candidate-evidence')).toContainText(/parent of \d+ other candidates?/);
    await expect(candidates.nth(1)).toHaveAttribute('data-rank', '2');
    await expect(candidates.nth(1).getByTestId('candidate-evidence')).toContainText(
      'registry name says more',
    );
    await expect(page.getByRole('button', { name: 'None of these for Puma' })).toBeVisible();
    // The canvas hides edges while the Find focus animates; the picture is taken after it.
    await page.waitForTimeout(1_500);
    await screenshot(page, '30-review-candidates-ranked');

    await page.getByRole('button', { name: 'Accept PUMA SE' }).click();
    await expect(page.getByTestId('session-state')).toHaveText('done', { timeout: 60_000 });
    // The other candidates were set aside with the choice: none waits any more.
    await expect(canvas).toHaveAttribute('data-candidates', '');
    await expect(page.getByTestId('candidate')).toHaveCount(0);
    await expect(page.getByTestId('review-notice')).toHaveCount(0);
    // The accepted record's family (PUMA SE's recorded subsidiaries) arrived on the canvas.
    await expect
      .poll(async () => Number(await canvas.getAttribute('data-entities')), { timeout: 30_000 })
      .toBeGreaterThan(5);
    await screenshot(page, '31-review-accepted');

    // Ctrl+Z takes back the run's results, then the decision: every candidate awaits review again.
    const history = page.getByRole('region', { name: 'History' });
    await expect(history.getByTestId('history-entry').first()).toContainText('Expanded Puma');
    await page.keyboard.press('Control+z');
    await expect(history.getByTestId('history-entry').first()).toContainText('Accepted a candidate match', {
      timeout: 30_000,
    });
    await page.keyboard.press('Control+z');
    await expect(canvas).toHaveAttribute('data-candidates', /^candidate · \d+(\ncandidate · \d+){1,4}$/, {
      timeout: 30_000,
    });
    await select(page, 'Puma');
    await expect(page.getByTestId('candidate').first()).toContainText('529900GRZ2BQY5ZM9N49');
    await screenshot(page, '32-review-accept-undone');
  });

  test('Reject removes one candidate, None of these the rest; a second run proposes none of them again', async ({
    page,
  }) => {
    await seedOrganization(page, 'Microsoft');
    const canvas = page.getByTestId('graph-canvas');
    await expect(canvas).toHaveAttribute('data-candidates', /^candidate · \d+(\ncandidate · \d+){2,4}$/);
    await select(page, 'Microsoft');
    // The first-ranked candidate is rejected alone.
    const candidates = page.getByTestId('candidate');
    const others = await candidates.count();
    const first = candidates.first();
    await expect(first).toContainText('MICROSOFT CORPORATION');
    const lei = (await first.locator('code').textContent()) ?? '';
    expect(lei).toMatch(/^[0-9A-Z]{20}$/);

    await page.getByRole('button', { name: 'Reject MICROSOFT CORPORATION', exact: true }).click();
    await expect(page.getByTestId('candidate').filter({ hasText: lei })).toHaveCount(0);
    await expect(page.getByTestId('candidate')).toHaveCount(others - 1);
    await page.getByRole('button', { name: 'None of these for Microsoft' }).click();
    await expect(page.getByTestId('candidate')).toHaveCount(0);
    await expect(canvas).toHaveAttribute('data-candidates', '');
    await screenshot(page, '33-review-none-of-these');

    // A second run of the same organisation: the registry is asked again; the rejections hold.
    const requests = running.sources.gleif.apiRequests().length;
    await page.getByRole('button', { name: 'Enrich now' }).click();
    await expect.poll(() => running.sources.gleif.apiRequests().length).toBeGreaterThan(requests);
    await expect(page.getByTestId('session-state')).toHaveText('done', { timeout: 60_000 });
    await expect(page.getByTestId('details-title')).toHaveText('Microsoft');
    // It may propose other names (rejecting some companies is not "no LEI"), never a rejected one.
    await expect(page.getByTestId('candidate').filter({ hasText: lei })).toHaveCount(0);
  });
});
