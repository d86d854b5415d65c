/**
 * Test harness (integration and conformance tiers only): the engine with the LEI registry plugin
 * against a fake registry, one case file in a temporary directory, and graph views for assertions.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeGleifServer, type FakeGleifServer } from '../fakes/gleif-server';
import type { EntityId, TypedAsset } from '../../src/shared/model/asset';
import type { SessionProgress } from '../../src/shared/model/session';
import { resolveConfig } from '../../src/engine/config/config';
import { createMemoryCredentialStore } from '../../src/engine/credentials/credential-store';
import { createEngine } from '../../src/engine/engine';
import type { Engine, OpenCase } from '../../src/engine/engine-types';
import type { Clock } from '../../src/engine/util/clock';
import { gleifPlugin } from '../../src/engine/plugins/gleif/plugin';

export interface GleifEngineHarness {
  server: FakeGleifServer;
  engine: Engine;
  openCase: OpenCase;
  /** Runs one session to its end. */
  run(seeds: TypedAsset[], options?: { depth?: number; refresh?: boolean }): Promise<SessionProgress>;
  /** Entities and edges without timestamps, sorted: what two equal graphs share. */
  facts(): { entities: string[]; edges: string[] };
  neighbours(id: EntityId, relation: string, direction?: 'out' | 'in'): EntityId[];
  close(): Promise<void>;
}

export interface HarnessOptions {
  fixturesDir: string;
  /** The registry's rate limit for the run (default: 1 request per 5 ms, to keep tests short). */
  rateLimit?: { requests: number; intervalMs: number };
  /**
   * Run the engine on a fake clock whose sleeps return at once after moving time forward, so the
   * real 1 request / 3 s limit costs no real time; the fake server stamps arrivals by it.
   */
  fakeClock?: boolean;
}

/** A clock whose `sleep` advances its time instead of waiting. */
export function createAdvancingClock(start = Date.now()): Clock {
  let time = start;
  return {
    now: () => time,
    sleep: (ms, signal) => {
      if (signal?.aborted) {
        return Promise.reject(signal.reason as Error);
      }
      time += Math.max(0, ms);
      return Promise.resolve();
    },
  };
}

export async function createGleifEngineHarness(options: HarnessOptions): Promise<GleifEngineHarness> {
  const clock = options.fakeClock === true ? createAdvancingClock() : undefined;
  const server = await startFakeGleifServer({
    fixturesDir: options.fixturesDir,
    ...(clock === undefined ? {} : { now: () => clock.now() }),
  });
  const directory = mkdtempSync(path.join(tmpdir(), 'gleif-engine-'));
  const config = resolveConfig({
    sources: {
      gleif: { baseUrl: server.url, rateLimit: options.rateLimit ?? { requests: 1, intervalMs: 5 } },
    },
    http: { timeoutMs: 5000 },
  });
  const engine = createEngine({
    config,
    dataDir: directory,
    credentials: createMemoryCredentialStore(),
    plugins: [gleifPlugin],
    ...(clock === undefined ? {} : { clock }),
  });
  const openCase = engine.openCase(path.join(directory, 'case.sqlite'));
  return {
    server,
    engine,
    openCase,
    run: (seeds, runOptions = {}) => openCase.startSession({ seeds, ...runOptions }).done,
    facts: () => {
      const exported = openCase.graph.exportJson();
      return {
        entities: exported.entities.map((entity) => `${entity.id} ${JSON.stringify(entity.asset)}`).sort(),
        edges: exported.edges
          .map(
            (edge) =>
              `${edge.id} ${JSON.stringify(edge.sources.map((source) => [source.name, source.confidence]))} ${JSON.stringify(edge.properties)}`,
          )
          .sort(),
      };
    },
    neighbours: (id, relation, direction = 'out') =>
      (direction === 'out'
        ? openCase.graph.outgoing(id, { relations: [relation] })
        : openCase.graph.incoming(id, { relations: [relation] })
      )
        .map((neighbour) => neighbour.entity.id)
        .sort(),
    close: async () => {
      await engine.close();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export { seedOf } from '../support/seeds';
