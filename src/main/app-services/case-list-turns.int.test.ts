import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CaseSummary } from '../../shared/ipc/contract';
import { createEngine, createMemoryCredentialStore, silentLogger } from '../../engine/index';
import { createAppCredentials } from './app-credentials';
import type { AppServices } from './app-services';
import { createAppServices } from './app-services';

let dir: string;
let services: AppServices;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'case-list-turns-'));
  const credentials = createAppCredentials({
    openKeychain: () => createMemoryCredentialStore(),
    environment: {},
    sources: [],
  });
  services = await createAppServices({
    casesDir: path.join(dir, 'cases'),
    settingsPath: path.join(dir, 'settings.json'),
    createEngine: (config) =>
      createEngine({
        config,
        dataDir: dir,
        credentials: credentials.store,
        plugins: [],
        logger: silentLogger,
      }),
    credentials,
    logger: silentLogger,
  });
});

afterEach(async () => {
  await services.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * Counts the turns of the event loop a request takes while every turn is spent on one step of
 * other work, as a running session spends each turn on a write slice (findings-slices.ts).
 */
async function turnsTaken(request: Promise<unknown>): Promise<number> {
  let done = false;
  void request.finally(() => {
    done = true;
  });
  let turns = 0;
  while (!done && turns < 1_000) {
    const stepEnds = Date.now() + 5;
    while (Date.now() < stepEnds) {
      // one busy step, as a write slice is
    }
    turns += 1;
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return turns;
}

describe('the case list beside a busy session', () => {
  it('asks about every case file at once, so its wait does not grow with the number of cases', async () => {
    for (let index = 0; index < 8; index += 1) {
      const created = await services.invoke('cases:create', { name: `Case ${index}` });
      expect(created).toMatchObject({ ok: true });
    }
    const opened = (await services.invoke('cases:list', {})) as { ok: true; value: CaseSummary[] };
    await services.invoke('cases:open', { caseId: opened.value[0]!.id });

    const listed = services.invoke('cases:list', {});
    const turns = await turnsTaken(listed);
    expect(((await listed) as { ok: true; value: CaseSummary[] }).value).toHaveLength(8);
    // A folder read, then every file's facts together (asked one by one: 1 + 8 x 2 turns).
    expect(turns).toBeLessThanOrEqual(6);
  });
});
