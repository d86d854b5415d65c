/**
 * E2E harness: fake sources on 127.0.0.1, a data directory whose settings point at them, and the
 * app under test on the loopback web host (in this process) or, where its runtime exists, Electron.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test, type Page } from '@playwright/test';
import { composeAppServices, createStderrLogger } from '../../src/main/app-services/compose';
import type { Logger } from '../../src/engine/index';
import type { WebHost } from '../../src/main/web/web-host';
import { startWebHost } from '../../src/main/web/web-host';
import { startFakeGleifServer } from '../../test/fakes/gleif-server';
import type { FakeGleifServer } from '../../test/fakes/gleif-server';
import type { FakeHttpServer } from '../../test/fakes/http-server';
import { startFakeHttpServer } from '../../test/fakes/http-server';
import { repositoryRoot } from '../../test/support/fixtures-dir';

export const SCREENSHOT_DIR = path.join(repositoryRoot, '.artifacts', 'screenshots');
export const SYNTHETIC_GLEIF = path.join(repositoryRoot, 'test', 'fixtures', 'app', 'gleif');

/** A keychain service name of its own, so the tests never touch an investigator's keys. */
export const TEST_KEYCHAIN_SERVICE = 'trace-graph-e2e';

export interface Sources {
  gleif: FakeGleifServer;
  companydata: FakeHttpServer;
  close(): Promise<void>;
}

export async function startSources(gleifFixtures: string): Promise<Sources> {
  const gleif = await startFakeGleifServer({ fixturesDir: gleifFixtures });
  const companydata = await startFakeHttpServer(() => ({ status: 404, body: { error: 'not found' } }));
  return {
    gleif,
    companydata,
    close: async () => {
      await gleif.close();
      await companydata.close();
    },
  };
}

export async function createDataDir(sources: Sources): Promise<string> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trace-graph-e2e-'));
  await mkdir(dataDir, { recursive: true });
  const fast = { requests: 50, intervalMs: 1000 };
  const settings = {
    sources: {
      gleif: { baseUrl: sources.gleif.url, rateLimit: fast },
      companydata: { baseUrl: sources.companydata.url, rateLimit: fast },
      // Not used by the organization flows: a closed loopback port, so nothing leaves the machine.
      rdap: { bootstrapUrl: 'http://127.0.0.1:9/rdap/', rateLimit: fast },
      whois: { ianaServer: '127.0.0.1:9', rateLimit: fast },
    },
    http: { timeoutMs: 5_000, maxRetries: 0 },
    depth: 2,
  };
  await writeFile(path.join(dataDir, 'settings.json'), JSON.stringify(settings, null, 2));
  return dataDir;
}

export interface RunningApp {
  /** Which host runs the app: printed by each run. */
  readonly host: 'web' | 'electron';
  /** Opens the app in the page (web host) or returns the Electron window. */
  open(page: Page): Promise<Page>;
  close(): Promise<void>;
}

/** Starts the web host over a data directory, in this process (logging to `logger` when given). */
export async function startApp(dataDir: string, options: { logger?: Logger } = {}): Promise<RunningApp> {
  const logger = options.logger ?? createStderrLogger('error');
  const { services } = await composeAppServices({
    dataDirFlag: dataDir,
    environment: {
      ...process.env,
      TRACE_GRAPH_KEYCHAIN_SERVICE: TEST_KEYCHAIN_SERVICE,
      COMPANYDATA_API_KEY: '',
    },
    logger,
  });
  const staticDir = path.join(repositoryRoot, 'out', 'web');
  if (!existsSync(path.join(staticDir, 'index.html'))) {
    throw new Error('out/web is missing: run "npm run build:renderer" first (npm run test:e2e does)');
  }
  const host: WebHost = await startWebHost({ services, staticDir, logger });
  return {
    host: 'web',
    open: async (page) => {
      await page.goto(host.url);
      return page;
    },
    close: async () => {
      await host.close();
      await services.close();
    },
  };
}

export async function removeDataDir(dataDir: string): Promise<void> {
  await rm(dataDir, { recursive: true, force: true });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/**
 * Registers, for every test of the calling file or describe block, fake sources serving
 * `gleifFixtures`, a fresh data directory and a running app, torn down after the test.
 */
export function useRunningApp(gleifFixtures: string): {
  readonly app: RunningApp;
  readonly sources: Sources;
  /** The running app's data directory (cases are `cases/<id>.sqlite` in it). */
  readonly dataDir: string;
  /** Closes the app and starts a new one over the same data directory ("reopen later"). */
  restartApp(): Promise<void>;
} {
  let current: { app: RunningApp; sources: Sources; dataDir: string } | undefined;
  test.beforeEach(async () => {
    const sources = await startSources(gleifFixtures);
    const dataDir = await createDataDir(sources);
    const app = await startApp(dataDir);
    console.log(`e2e host: ${app.host}`);
    current = { app, sources, dataDir };
  });
  test.afterEach(async () => {
    if (current !== undefined) {
      await current.app.close();
      await current.sources.close();
      await removeDataDir(current.dataDir);
      current = undefined;
    }
  });
  const running = (): NonNullable<typeof current> => {
    if (current === undefined) {
      throw new Error('the app runs only inside a test');
    }
    return current;
  };
  return {
    get app() {
      return running().app;
    },
    get sources() {
      return running().sources;
    },
    get dataDir() {
      return running().dataDir;
    },
    restartApp: async () => {
      const state = running();
      await state.app.close();
      state.app = await startApp(state.dataDir);
    },
  };
}
