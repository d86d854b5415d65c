/**
 * Seed lists in the app (issue 25, docs/seed-lists.md): a 1,000-line list with three bad lines
 * pasted into "Import seeds" lists the three by line number and starts one run of 997 seeds, which
 * shows the time left while it runs; Cancel keeps what was done.
 */
import { expect, test } from '@playwright/test';
import { SYNTHETIC_GLEIF, screenshot, useRunningApp } from './support/harness';

const running = useRunningApp(SYNTHETIC_GLEIF);

function thousandLinesWithThreeBad(): string {
  const lines = Array.from({ length: 1000 }, (_, index) => `Organization=Vendor ${index + 1} Holdings Ltd`);
  lines[9] = 'Netblock=10.0.0.0/33';
  lines[499] = 'Planet=Mars';
  lines[997] = 'Identifier=lei:NOTALEI';
  return lines.join('\n');
}

test('imports a 1,000-line seed list: three bad lines listed, 997 seeds queued, time left shown', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await running.app.open(page);
  await page.getByLabel('New case').fill('Vendor screening');
  await page.getByRole('button', { name: 'Create case' }).click();
  await page.getByRole('button', { name: 'Import seeds…' }).click();
  const text = page.getByLabel('One seed per line (Type=value), or a CSV');
  await text.fill(thousandLinesWithThreeBad());
  await expect(page.getByTestId('import-seeds-count')).toHaveText('997 seeds ready, 3 bad lines');
  const bad = page.getByRole('list', { name: 'Bad lines' }).getByRole('listitem');
  await expect(bad).toHaveCount(3);
  await expect(bad.nth(0)).toHaveText(/^line 10: /);
  await expect(bad.nth(1)).toHaveText(/^line 500: unknown seed type "Planet"/);
  await expect(bad.nth(2)).toHaveText(/^line 998: /);
  await screenshot(page, '50-seed-import');

  await page.getByRole('button', { name: 'Start (997 seeds)' }).click();
  await expect(page.getByTestId('session-state')).toHaveText('running');
  await expect(page.getByTestId('time-left')).toHaveText(/About .* left|Estimating/, { timeout: 30_000 });
  await expect(page.getByTestId('time-left')).toHaveText(/About .* left/, { timeout: 60_000 });
  await screenshot(page, '51-seed-run');
  await page
    .getByRole('region', { name: 'Session progress' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(page.getByTestId('session-state')).toHaveText('cancelled', { timeout: 60_000 });
  // The seeds were written when the run started: cancelling keeps them.
  await expect(page.getByTestId('graph-counts')).toHaveText(/^(99[7-9]|\d{4,}) nodes/);
});
