/**
 * Test harness (integration tier): the engine with the WHOIS plugin against the fake WHOIS
 * servers replaying test/fixtures/whois, on a data directory of its own (the part cache lives
 * there) and a clock a test can move past a backoff. `useWhoisEngine` registers the hooks that
 * start the fakes before each test and close everything after it.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { DEFAULT_CONFIG, type AppConfig } from '../../src/engine/config/config';
import { createMemoryCredentialStore } from '../../src/engine/credentials/credential-store';
import { createEngine } from '../../src/engine/engine';
import type { Engine, OpenCase } from '../../src/engine/engine-types';
import { createWhoisPlugin } from '../../src/engine/plugins/whois/plugin';
import { systemClock, type Clock } from '../../src/engine/util/clock';
import { silentLogger } from '../../src/engine/util/logger';
import { startFakeWhoisServers, type FakeWhoisServers } from '../fakes/whois-server';
import { repositoryRoot } from '../support/fixtures-dir';

const FIXTURES = path.join(repositoryRoot, 'test', 'fixtures', 'whois');

export interface WhoisEngineOptions {
  /** The WHOIS client's timeout (a silent server fails after it); default: the configuration's. */
  timeoutMs?: number;
  /** Receives the fields of every warning the engine logs. */
  onWarn?: (fields: Record<string, unknown>) => void;
}

export interface WhoisWorldOptions extends WhoisEngineOptions {
  /** The replies the fakes serve (default test/fixtures/whois). */
  directory?: string;
  /** The plugin's options (default: throttled parts retried after 10 ms). */
  plugin?: Parameters<typeof createWhoisPlugin>[0];
}

export interface WhoisEngine {
  readonly fake: FakeWhoisServers;
  /** Added to the real time: a test moves the engine's clock past a backoff. */
  clockShiftMs: number;
  /**
   * Opens `<dir>/<caseName>.sqlite` on the test's engine, made on the first call with `options`
   * (over the defaults) and shared by every case of the test.
   */
  openCase(caseName?: string, options?: WhoisEngineOptions): OpenCase;
}

export function useWhoisEngine(tempPrefix: string, defaults: WhoisWorldOptions = {}): WhoisEngine {
  let dir: string | undefined;
  let fake: FakeWhoisServers | undefined;
  let engine: Engine | undefined;
  const clock: Clock = {
    now: () => Date.now() + world.clockShiftMs,
    sleep: (ms, signal) => systemClock.sleep(ms, signal),
  };
  const running = (): { dir: string; fake: FakeWhoisServers } => {
    if (dir === undefined || fake === undefined) {
      throw new Error('the WHOIS fakes start before each test');
    }
    return { dir, fake };
  };
  const world: WhoisEngine = {
    get fake() {
      return running().fake;
    },
    clockShiftMs: 0,
    openCase(caseName = 'case', options = {}) {
      const { dir, fake } = running();
      const { timeoutMs, onWarn } = { ...defaults, ...options };
      const config: AppConfig = {
        ...DEFAULT_CONFIG,
        sources: {
          ...DEFAULT_CONFIG.sources,
          whois: {
            ianaServer: fake.ianaAddress,
            servers: fake.servers,
            rateLimit: { requests: 100, intervalMs: 1000 },
          },
        },
        whoisClient: {
          ...DEFAULT_CONFIG.whoisClient,
          timeoutMs: timeoutMs ?? DEFAULT_CONFIG.whoisClient.timeoutMs,
        },
      };
      engine ??= createEngine({
        config,
        dataDir: dir,
        credentials: createMemoryCredentialStore(),
        clock,
        plugins: [createWhoisPlugin(defaults.plugin ?? { throttleRetryDelaysMs: [10] })],
        logger: { ...silentLogger, warn: (_message, fields) => onWarn?.(fields ?? {}) },
      });
      return engine.openCase(path.join(dir, `${caseName}.sqlite`));
    },
  };
  beforeEach(async () => {
    world.clockShiftMs = 0;
    dir = await mkdtemp(path.join(os.tmpdir(), tempPrefix));
    fake = await startFakeWhoisServers({ directory: defaults.directory ?? FIXTURES });
  });
  afterEach(async () => {
    await engine?.close();
    engine = undefined;
    await fake?.close();
    if (dir !== undefined) {
      await rm(dir, { recursive: true, force: true });
    }
  });
  return world;
}
