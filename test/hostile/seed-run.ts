/**
 * One session of one plugin from one seed against a loopback fake, through the real engine, HTTP
 * client and SQLite case file in a throw-away data directory: what the regression tests and the
 * bench of large hostile replies share.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  builtinPlugins,
  createEngine,
  createMemoryCredentialStore,
  resolveConfig,
  type ConfigFile,
  type OpenCase,
} from '../../src/engine/index';
import type { TypedAsset } from '../../src/shared/model/asset';
import type { SessionProgress } from '../../src/shared/model/session';

export interface SeedRun {
  progress: SessionProgress;
  entityIds: string[];
  /** What `inspect` read from the case before it was closed. */
  inspected?: unknown;
}

export const FAST_RATE = { requests: 10000, intervalMs: 1000 };

export async function runSeed(options: {
  plugin: string;
  sources: NonNullable<ConfigFile>['sources'];
  seed: TypedAsset;
  depth: number;
  maxBodyBytes?: number;
  /** Where the plugins' CPU-heavy steps run (the engine's default: workers). */
  offThread?: 'workers' | 'in-place';
  inspect?: (graph: OpenCase['graph']) => unknown;
  /**
   * Encode every graph delta as JSON on the session's thread, in a turn after the write, as the
   * host of a connected UI client does with its coalesced deltas.
   */
  encodeDeltas?: boolean;
}): Promise<SeedRun> {
  const directory = mkdtempSync(path.join(tmpdir(), 'seed-run-'));
  const engine = createEngine({
    config: resolveConfig({
      sources: options.sources,
      http: {
        timeoutMs: 60_000,
        ...(options.maxBodyBytes === undefined ? {} : { maxBodyBytes: options.maxBodyBytes }),
      },
    }),
    dataDir: directory,
    credentials: createMemoryCredentialStore(),
    plugins: builtinPlugins().filter((candidate) => candidate.name === options.plugin),
    ...(options.offThread === undefined ? {} : { offThread: options.offThread }),
  });
  try {
    const kase = engine.openCase(path.join(directory, 'case.sqlite'));
    if (options.encodeDeltas === true) {
      kase.onDelta((delta) => setImmediate(() => JSON.stringify(delta)));
    }
    const progress = await kase.startSession({ depth: options.depth, seeds: [options.seed] }).done;
    return {
      progress,
      entityIds: kase.graph.snapshot().entities.map((entity) => entity.id),
      ...(options.inspect === undefined ? {} : { inspected: options.inspect(kase.graph) }),
    };
  } finally {
    await engine.close();
    rmSync(directory, { recursive: true, force: true });
  }
}
