/**
 * Test harness (integration and conformance tiers only): the engine with the company-data plugin
 * against the fake company-data API, one case file in a temporary directory, a logger that keeps
 * every line, and graph views for assertions.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  startFakeCompanyDataServer,
  type CompanyDataset,
  type FakeCompanyDataServer,
} from '../fakes/companydata-server';
import type { EntityId, TypedAsset } from '../../src/shared/model/asset';
import type { SessionProgress } from '../../src/shared/model/session';
import { resolveConfig, type RateLimit } from '../../src/engine/config/config';
import { createMemoryCredentialStore } from '../../src/engine/credentials/credential-store';
import { createEngine } from '../../src/engine/engine';
import type { Engine, OpenCase } from '../../src/engine/engine-types';
import type { Logger } from '../../src/engine/util/logger';
import { companyDataPlugin } from '../../src/engine/plugins/companydata/plugin';

export interface LogLine {
  level: 'debug' | 'info' | 'warn' | 'error';
  message: string;
  fields: string;
}

export interface CompanyDataHarness {
  server: FakeCompanyDataServer;
  engine: Engine;
  openCase: OpenCase;
  /** Every line the engine logged, debug included. */
  logLines: LogLine[];
  /** Runs one session to its end (default depth 1: the seed and what it dispatches directly). */
  run(
    seeds: (TypedAsset | EntityId)[],
    options?: { depth?: number; refresh?: boolean },
  ): Promise<SessionProgress>;
  /** Edges as `from -relation-> to [sources] {properties}`, sorted. */
  edges(): string[];
  /** Entity id to its asset. */
  asset(id: EntityId): unknown;
  /** Ids of all entities, sorted. */
  entityIds(): EntityId[];
  /** Everything the case file holds on disk, as text (for "the key is nowhere" checks). */
  caseFileText(): string;
  close(): Promise<void>;
}

export interface CompanyDataHarnessOptions {
  dataset: CompanyDataset;
  /** The key the fake server accepts. */
  serverKey: string;
  /** The key in the app's credential store; undefined for "no key configured". */
  storedKey: string | undefined;
  /** Default: 1 request per 5 ms, to keep tests short. */
  rateLimit?: RateLimit;
  maxPageSize?: number;
  maxRetries?: number;
}

function createRecordingLogger(lines: LogLine[]): Logger {
  const record =
    (level: LogLine['level']) =>
    (message: string, fields?: Record<string, unknown>): void => {
      lines.push({ level, message, fields: JSON.stringify(fields ?? {}) });
    };
  return { debug: record('debug'), info: record('info'), warn: record('warn'), error: record('error') };
}

export async function createCompanyDataHarness(
  options: CompanyDataHarnessOptions,
): Promise<CompanyDataHarness> {
  const server = await startFakeCompanyDataServer({
    apiKey: options.serverKey,
    dataset: options.dataset,
    ...(options.maxPageSize === undefined ? {} : { maxPageSize: options.maxPageSize }),
  });
  const directory = mkdtempSync(path.join(tmpdir(), 'companydata-engine-'));
  const config = resolveConfig({
    sources: {
      companydata: { baseUrl: server.url, rateLimit: options.rateLimit ?? { requests: 1, intervalMs: 5 } },
    },
    http: { timeoutMs: 5000, maxRetries: options.maxRetries ?? 2 },
  });
  const logLines: LogLine[] = [];
  const engine = createEngine({
    config,
    dataDir: directory,
    credentials: createMemoryCredentialStore(
      options.storedKey === undefined ? {} : { companydata: options.storedKey },
    ),
    plugins: [companyDataPlugin],
    logger: createRecordingLogger(logLines),
  });
  const casePath = path.join(directory, 'case.sqlite');
  const openCase = engine.openCase(casePath);
  return {
    server,
    engine,
    openCase,
    logLines,
    run: (seeds, runOptions = {}) => openCase.startSession({ depth: 1, seeds, ...runOptions }).done,
    edges: () =>
      openCase.graph
        .exportJson()
        .edges.map(
          (edge) =>
            `${edge.from} -${edge.relation}-> ${edge.to} ${edge.sources
              .map((source) => `${source.name}/${source.confidence}`)
              .join(
                ',',
              )}${Object.keys(edge.properties).length === 0 ? '' : ` ${JSON.stringify(edge.properties)}`}`,
        )
        .sort(),
    asset: (id) => openCase.graph.findEntity(id)?.asset,
    entityIds: () =>
      openCase.graph
        .exportJson()
        .entities.map((entity) => entity.id)
        .sort(),
    caseFileText: () =>
      ['', '-wal', '-shm']
        .map((suffix) => {
          try {
            return readFileSync(casePath + suffix).toString('latin1');
          } catch {
            return '';
          }
        })
        .join('\n'),
    close: async () => {
      await engine.close();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export { seedOf } from '../support/seeds';
