/** Edge cases of a session on the synthetic fixtures: malformed seeds, a failing source, cancel, API keys. */
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { screenshot, SYNTHETIC_GLEIF, useRunningApp } from './support/harness';

const running = useRunningApp(SYNTHETIC_GLEIF);

async function openNewCase(page: Page, name: string): Promise<void> {
  await running.app.open(page);
  await page.getByLabel('New case').fill(name);
  await page.getByRole('button', { name: 'Create case' }).click();
  await expect(page.locator('.case-name')).toHaveText(name);
}

async function seedOrganization(page: Page, name: string): Promise<void> {
  await page.getByLabel('Seed type').selectOption('Organization');
  await page.getByLabel('Value').fill(name);
  await page.getByRole('button', { name: 'Start' }).click();
}

test('explains a malformed seed and starts nothing', async ({ page }) => {
  await openNewCase(page, 'Malformed seeds');
  await page.getByLabel('Seed type').selectOption('Identifier');
  await page.getByLabel('Value').fill('NOT-AN-LEI');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('alert')).toContainText('not an LEI code');
  await expect(page.getByLabel('Value')).toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, '06-malformed-seed');

  await page.getByLabel('Seed type').selectOption('Netblock');
  await page.getByLabel('Value').fill('10.0.0.0/33');
  await page.getByRole('button', { name: 'Start' }).click();
  await expect(page.getByRole('alert')).toContainText('not a CIDR netblock');
  await expect(page.getByText('No session in this window yet.')).toBeVisible();
  expect(running.sources.gleif.apiRequests()).toHaveLength(0);
});

test('lists a failing source with the asset and the reason', async ({ page }) => {
  running.sources.gleif.setOverride((request) =>
    request.path.startsWith('/api/v1/lei-records/')
      ? {
          status: 500,
          headers: { 'content-type': 'application/json' },
          body: { errors: [{ status: '500' }] },
        }
      : undefined,
  );
  await openNewCase(page, 'Failing source');
  await seedOrganization(page, 'Lantern Quay Trading Ltd');
  await expect(page.getByTestId('session-state')).toHaveText('done');
  await expect(page.getByTestId('failure').first()).toContainText('GLEIF');
  await expect(page.getByTestId('failure').first()).toContainText('500');
  await expect(page.getByTestId('count-failed')).not.toHaveText('0');
  await screenshot(page, '07-source-failing');
});

test('cancels a running session', async ({ page }) => {
  running.sources.gleif.setOverride((request) =>
    request.path.startsWith('/api/v1/lei-records/') ? { status: 503, delayMs: 4_000, body: {} } : undefined,
  );
  await openNewCase(page, 'Cancelled run');
  await seedOrganization(page, 'Lantern Quay Trading Ltd');
  await expect(page.getByTestId('session-state')).toHaveText('running');
  await expect.poll(() => running.sources.gleif.apiRequests().length).toBeGreaterThan(1);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByTestId('session-state')).toHaveText('cancelled', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Cancel' })).toHaveCount(0);
  await screenshot(page, '08-cancelled');
});

test('sets, shows and removes an API key without ever showing it', async ({ page }) => {
  await running.app.open(page);
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  const status = dialog.getByTestId('key-status-companydata');
  await expect(status).toHaveText('Not configured');
  const secret = 'e2e-secret-key-0123456789';
  const keychain = process.env.DBUS_SESSION_BUS_ADDRESS !== undefined;
  if (!keychain) {
    // No session bus: the app must say so plainly and offer a key for this run only.
    await expect(dialog.getByTestId('keychain-unavailable')).toContainText('keychain');
  }
  await dialog.getByLabel('Key', { exact: true }).fill(secret);
  await dialog.getByRole('button', { name: 'Save key' }).click();
  await expect(status).toHaveText(keychain ? 'Configured (OS keychain)' : 'Configured (this run only)');
  await expect(dialog.getByLabel('Replace key')).toHaveValue('');
  expect(await page.content()).not.toContain(secret);
  await screenshot(page, '09-settings-key-set');
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(status).toHaveText('Not configured');
});
