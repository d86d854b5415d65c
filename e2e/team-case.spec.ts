/**
 * Team cases on PostgreSQL: two investigators (two app instances on the web host, each with its
 * own data directory) open the same team case through the form; a seed started by one appears
 * live in the other; the password is never in either page nor in the hosts' logs. Needs the
 * PostgreSQL server binaries (CI installs the Debian package); skipped with the reason without.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import type { Logger } from '../src/engine/index';
import { createKeyringCredentialStore } from '../src/main/credentials/keyring-credential-store';
import { findPostgresBin, startPostgres, type PostgresServer } from '../test/support/postgres';
import type { RunningApp, Sources } from './support/harness';
import {
  createDataDir,
  removeDataDir,
  screenshot,
  startApp,
  startSources,
  SYNTHETIC_GLEIF,
  TEST_KEYCHAIN_SERVICE,
} from './support/harness';

const CASE_NAME = 'Lantern Quay team review';
const havePostgres = process.env.TRACE_GRAPH_PG_URL !== undefined || findPostgresBin() !== undefined;
if (!havePostgres && process.env.CI === 'true') {
  throw new Error('PostgreSQL server binaries not found under CI (apt-get install -y postgresql)');
}

/** Everything both app instances log, at every level, to search for the password. */
const logLines: string[] = [];
function capturingLogger(name: string): Logger {
  const write =
    (level: string) =>
    (message: string, fields?: Record<string, unknown>): void => {
      logLines.push(JSON.stringify({ app: name, level, message, ...fields }));
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

/** Every WebSocket frame the page received from its host. */
function recordFrames(page: Page): string[] {
  const frames: string[] = [];
  page.on('websocket', (socket) => {
    socket.on('framereceived', (frame) => frames.push(String(frame.payload)));
  });
  return frames;
}

async function openTeamCaseThroughForm(
  page: Page,
  server: PostgresServer,
  database: string,
  password: string,
) {
  await page.getByRole('button', { name: 'Open a team case' }).click();
  const form = page.getByRole('form', { name: 'Open a team case' });
  await form.getByLabel('Host').fill(server.host);
  await form.getByLabel('Port').fill(String(server.port));
  await form.getByLabel('Database').fill(database);
  await form.getByLabel('User').fill(server.user);
  // The throw-away server listens on loopback without TLS.
  await form.getByLabel('TLS mode').selectOption('disable');
  await form.getByLabel('Case name').fill(CASE_NAME);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Open team case' }).click();
}

test.describe('a team case shared by two app clients', () => {
  test.skip(
    !havePostgres,
    'PostgreSQL server binaries not found (apt-get install -y postgresql): team case e2e skipped',
  );

  let server: PostgresServer;
  let database: string;
  let sources: Sources;
  const dataDirs: string[] = [];
  const apps: RunningApp[] = [];

  test.beforeAll(async () => {
    server = await startPostgres();
    database = new URL(await server.createDatabase()).pathname.slice(1);
    sources = await startSources(SYNTHETIC_GLEIF);
    for (const name of ['alice', 'bob']) {
      const dataDir = await createDataDir(sources);
      dataDirs.push(dataDir);
      apps.push(await startApp(dataDir, { logger: capturingLogger(name) }));
    }
    console.log(`e2e host: ${apps[0]?.host ?? 'web'}`);
  });

  test.afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await sources.close();
    await Promise.all(dataDirs.map((dir) => removeDataDir(dir)));
    // The password the form kept under the test keychain service (absent when no keychain runs).
    await createKeyringCredentialStore({ service: TEST_KEYCHAIN_SERVICE })
      .delete(`postgresql:${server.user}@${server.host}:${server.port}`)
      .catch(() => undefined);
    await server.stop();
  });

  test('opens one team case in two clients through the form; a seed in one appears live in the other', async ({
    browser,
  }) => {
    const [alice, bob] = apps;
    if (alice === undefined || bob === undefined) {
      throw new Error('both apps must be running');
    }
    const pageA = await browser.newPage();
    const pageB = await browser.newPage();
    const framesA = recordFrames(pageA);
    const framesB = recordFrames(pageB);
    await alice.open(pageA);
    await bob.open(pageB);

    // A wrong password is one line in the form, and opens nothing.
    await openTeamCaseThroughForm(pageB, server, database, 'not-the-password');
    await expect(pageB.getByTestId('team-case-error')).toHaveText(/wrong password for PostgreSQL user trace/);
    await expect(
      pageB.getByRole('form', { name: 'Open a team case' }).getByLabel('Password', { exact: true }),
    ).toHaveValue('');
    await pageB.getByRole('button', { name: 'Cancel' }).click();

    // Alice creates the case; the app says so.
    await openTeamCaseThroughForm(pageA, server, database, server.password);
    await expect(pageA.locator('.case-name')).toHaveText(CASE_NAME);
    await expect(pageA.getByRole('status').filter({ hasText: 'Created the team case' })).toBeVisible();
    await screenshot(pageA, 'team-01-created');

    // Bob opens the same case (found, not created).
    await openTeamCaseThroughForm(pageB, server, database, server.password);
    await expect(pageB.locator('.case-name')).toHaveText(CASE_NAME);
    await expect(pageB.getByText('Created the team case')).toHaveCount(0);

    // Alice seeds; Bob's graph grows live to the same counts.
    await pageA.getByLabel('Seed type').selectOption('Organization');
    await pageA.getByLabel('Value').fill('Lantern Quay Trading Ltd');
    await pageA.getByRole('button', { name: 'Start' }).click();
    await expect(pageA.getByTestId('session-state')).toHaveText('done', { timeout: 60_000 });
    const countsA = pageA.getByTestId('graph-counts');
    await expect(countsA).toHaveText(/^([5-9]|\d{2,}) nodes, ([4-9]|\d{2,}) edges$/);
    const countsText = (await countsA.textContent()) ?? '';
    await expect(pageB.getByTestId('graph-counts')).toHaveText(countsText);
    await screenshot(pageB, 'team-02-live-in-other-client');

    // Bob goes back to the list and reopens the case from the recent team cases in one click.
    await pageB.getByRole('button', { name: 'Back to the case list' }).click();
    const recent = pageB.getByRole('table', { name: 'Recent team cases' });
    await expect(recent).toContainText(CASE_NAME);
    await screenshot(pageB, 'team-03-recent-team-cases');
    await recent.getByRole('button', { name: `Open team case ${CASE_NAME}` }).click();
    await expect(pageB.locator('.case-name')).toHaveText(CASE_NAME);
    await expect(pageB.getByTestId('graph-counts')).toHaveText(countsText);

    // The connection drops and stays refused: the banner shows, then goes once it is back.
    await adminQuery(server, `ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
    try {
      await adminQuery(
        server,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'trace-graph'`,
      );
      await expect(pageA.getByTestId('team-case-reconnecting')).toBeVisible();
      await screenshot(pageA, 'team-04-reconnecting');
    } finally {
      await adminQuery(server, `ALTER DATABASE ${database} ALLOW_CONNECTIONS true`);
    }
    await expect(pageA.getByTestId('team-case-reconnecting')).toHaveCount(0);

    // The password is nowhere in either page, in what the hosts sent them, or in the hosts' logs.
    for (const page of [pageA, pageB]) {
      expect(await page.content()).not.toContain(server.password);
      const values: string[] = [];
      for (const input of await page.locator('input').all()) {
        values.push(await input.inputValue());
      }
      expect(values).not.toContain(server.password);
    }
    expect(framesA.length + framesB.length).toBeGreaterThan(0);
    expect([...framesA, ...framesB].filter((frame) => frame.includes(server.password))).toEqual([]);
    expect(logLines.filter((line) => line.includes(server.password))).toEqual([]);
    await pageA.close();
    await pageB.close();
  });

  test("a note and a flag one member sets appear live in the other member's page", async ({ browser }) => {
    const [alice, bob] = apps;
    if (alice === undefined || bob === undefined) {
      throw new Error('both apps must be running');
    }
    const pageA = await browser.newPage();
    const pageB = await browser.newPage();
    await alice.open(pageA);
    await bob.open(pageB);
    await openTeamCaseThroughForm(pageA, server, database, server.password);
    await expect(pageA.locator('.case-name')).toHaveText(CASE_NAME);
    await pageA.getByLabel('Seed type').selectOption('Organization');
    await pageA.getByLabel('Value').fill('Lantern Quay Trading Ltd');
    await pageA.getByLabel('Depth', { exact: true }).fill('0');
    await pageA.getByRole('button', { name: 'Start' }).click();
    await expect(pageA.getByTestId('session-state')).toHaveText('done', { timeout: 60_000 });
    await openTeamCaseThroughForm(pageB, server, database, server.password);
    await expect(pageB.locator('.case-name')).toHaveText(CASE_NAME);

    // Both members look at the same company; Bob does nothing from here on.
    for (const page of [pageA, pageB]) {
      await page.getByLabel('Search nodes (press / )').fill('Lantern Quay Trading Ltd');
      await page.getByRole('button', { name: 'Find' }).click();
      await expect(page.getByTestId('details-title')).toHaveText('Lantern Quay Trading Ltd');
    }
    const notesB = pageB.getByRole('region', { name: 'Notes and flag' });
    await expect(notesB.getByRole('list', { name: 'Notes' })).toHaveCount(0);

    const notesA = pageA.getByRole('region', { name: 'Notes and flag' });
    await notesA.getByLabel('Add a note').fill('Director also sits on the Quay Media board');
    await notesA.getByRole('button', { name: 'Add note' }).click();
    await notesA.getByLabel('Flag').selectOption('orange');

    // Bob's open details panel shows them without a reload or a click.
    await expect(notesB.getByRole('list', { name: 'Notes' })).toContainText(
      'Director also sits on the Quay Media board',
      { timeout: 15_000 },
    );
    await expect(notesB.getByLabel('Flag')).toHaveValue('orange', { timeout: 15_000 });
    await screenshot(pageB, 'team-05-note-live-in-other-client');
    await pageA.close();
    await pageB.close();
  });
});

async function adminQuery(server: PostgresServer, sql: string): Promise<void> {
  const admin = new pg.Client({
    host: server.host,
    port: server.port,
    user: server.user,
    password: server.password,
    database: 'postgres',
  });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}
