/**
 * Undo in any order on both case stores (issue 22, part 4; docs/resolution.md): random sequences
 * of seed, accept, reject, merge and undo, run by the engine against the fake GLEIF registry on
 * loopback replaying the recorded replies, on a case file and on a PostgreSQL team case. After
 * undoing every session the sequence made, in a random order, the JSON export (times aside)
 * equals the export before it. The PRNG is seeded; a failure names the seed and the steps.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSeed } from '../shared/model/seed';
import { startFakeGleifServer, type FakeGleifServer } from '../../test/fakes/gleif-server';
import { fixturesDir } from '../../test/support/fixtures-dir';
import { havePostgres, startPostgres, type PostgresServer } from '../../test/support/postgres';
import { comparableExport } from '../../test/support/postgres-cli';
import { resolveConfig } from './config/config';
import { createMemoryCredentialStore } from './credentials/credential-store';
import { createEngine } from './engine';
import type { Engine, OpenCase } from './engine-types';
import type { CaseGraph } from './graph/case-graph';
import { openTeamCase } from './graph/postgres/pg-case-store';
import { parseTeamCaseUrl } from './graph/postgres/team-case-url';
import { MergeRefusedError } from './graph/sqlite/manual-merge';
import { builtinPlugins } from './plugins/builtin';
import { decideCandidate, listPendingCandidates, rejectAllCandidates } from './review';
import { silentLogger } from './util/logger';

/** Sequences per store and steps per sequence: enough to mix every kind, within ~30 s in all. */
const SEQUENCES = 6;
const STEPS = 8;
/** Names typed as investigators type them, each answered by a recorded reply. */
const NAMES = ['Puma', 'Puma SE', 'Microsoft', 'Microsoft Corporation', 'Shell plc'];
/** The case before each sequence: a company that already holds its LEI (the reported bug's start). */
const BASE_NAME = 'Puma SE';

/** Mulberry32: a small seeded PRNG, so a failing sequence can be replayed from its seed. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

function pick<T>(random: () => number, items: readonly T[]): T | undefined {
  return items[Math.floor(random() * items.length)];
}

let dir: string;
let gleif: FakeGleifServer;
let engine: Engine;

async function seed(open: OpenCase, name: string): Promise<string> {
  const parsed = parseSeed('Organization', name);
  if (!parsed.ok) throw new Error(parsed.error);
  const session = open.startSession({ seeds: [parsed.seed], depth: 0 });
  await session.done;
  return session.id;
}

/** One random step; returns what it did, for the failure message. */
async function step(open: OpenCase, random: () => number, made: string[]): Promise<string> {
  const graph = open.graph;
  const kind = pick(random, ['seed', 'seed', 'accept', 'reject', 'merge', 'undo'] as const) ?? 'seed';
  const pending = listPendingCandidates(graph);
  if (kind === 'accept' || kind === 'reject') {
    const candidate = pick(random, pending);
    if (candidate !== undefined) {
      const decided =
        kind === 'reject' && random() < 0.5
          ? await rejectAllCandidates(graph, candidate.organizationId)
          : await decideCandidate(graph, candidate.edgeId, kind === 'accept' ? 'accepted' : 'rejected');
      made.push(decided.session);
      if (kind === 'accept') {
        // The app applies the accepted record at once: a run on the Organization.
        made.push(open.startSession({ seeds: [candidate.organizationId], depth: 0 }).id);
        await open.activeSessions()[0]?.done;
      }
      return `${kind} ${candidate.lei} of ${candidate.organizationId}`;
    }
  }
  if (kind === 'merge') {
    const organizations = graph
      .snapshot()
      .entities.filter((entity) => entity.type === 'Organization')
      .map((entity) => entity.id);
    const [from, into] = [pick(random, organizations), pick(random, organizations)];
    if (from !== undefined && into !== undefined && from !== into) {
      try {
        made.push((await graph.mergeEntities(from, into)).session);
        return `merge ${from} into ${into}`;
      } catch (error) {
        if (!(error instanceof MergeRefusedError)) throw error;
      }
    }
  }
  if (kind === 'undo' && made.length > 0) {
    const session = made.splice(Math.floor(random() * made.length), 1)[0] ?? '';
    await graph.undoSession(session);
    return `undo ${session}`;
  }
  const name = pick(random, NAMES) ?? 'Puma';
  made.push(await seed(open, name));
  return `seed ${name}`;
}

/** One sequence on a fresh case; resolves with the steps taken, or rejects naming the seed. */
async function runSequence(open: OpenCase, seedNumber: number): Promise<void> {
  const random = prng(seedNumber);
  await seed(open, BASE_NAME);
  const before = comparableExport(JSON.stringify(open.graph.exportJson()));
  const made: string[] = [];
  const steps: string[] = [];
  for (let index = 0; index < STEPS; index += 1) {
    steps.push(await step(open, random, made));
  }
  while (made.length > 0) {
    const session = made.splice(Math.floor(random() * made.length), 1)[0] ?? '';
    steps.push(`undo ${session}`);
    await open.graph.undoSession(session);
  }
  const after = comparableExport(JSON.stringify(open.graph.exportJson()));
  expect(after, `PRNG seed ${seedNumber}; steps:\n  ${steps.join('\n  ')}`).toEqual(before);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'undo-random-'));
  gleif = await startFakeGleifServer({ fixturesDir: fixturesDir() });
  const closed = 'http://127.0.0.1:9';
  const fast = { requests: 1_000, intervalMs: 1 };
  engine = createEngine({
    config: resolveConfig({
      sources: {
        gleif: { baseUrl: gleif.url, rateLimit: fast },
        companydata: { baseUrl: closed, rateLimit: fast },
        rdap: { bootstrapUrl: `${closed}/`, rateLimit: fast },
        whois: { ianaServer: '127.0.0.1:9', rateLimit: fast },
      },
      http: { timeoutMs: 5_000, maxRetries: 0 },
    }),
    dataDir: dir,
    credentials: createMemoryCredentialStore(),
    plugins: builtinPlugins(),
    logger: silentLogger,
  });
}, 60_000);

afterAll(async () => {
  await engine.close();
  await gleif.close();
  await rm(dir, { recursive: true, force: true });
});

/** The first seed of this run: fixed unless UNDO_RANDOM_SEED replays another. */
const FIRST_SEED = Number(process.env.UNDO_RANDOM_SEED ?? 22_001);

describe('undoing everything, in any order, gives the export before', () => {
  it.each([...Array(SEQUENCES).keys()].map((index) => FIRST_SEED + index))(
    'on a case file (PRNG seed %i)',
    async (seedNumber) => {
      const open = engine.openCase(path.join(dir, `case-${seedNumber}.sqlite`));
      try {
        await runSequence(open, seedNumber);
      } finally {
        await open.close();
      }
    },
    60_000,
  );

  describe.skipIf(!havePostgres())('on a team case', () => {
    let server: PostgresServer;
    let databaseUrl: string;
    beforeAll(async () => {
      server = await startPostgres();
      databaseUrl = await server.createDatabase();
    }, 60_000);
    afterAll(async () => {
      await server.stop();
    });

    it.each([...Array(SEQUENCES).keys()].map((index) => FIRST_SEED + index))(
      'on a team case (PRNG seed %i)',
      async (seedNumber) => {
        const store: CaseGraph = await openTeamCase(parseTeamCaseUrl(`${databaseUrl}#random-${seedNumber}`), {
          password: server.password,
          mergeRules: builtinPlugins().flatMap((plugin) => plugin.mergeRules ?? []),
        });
        const open = engine.openCaseOn(store, `team-${seedNumber}`);
        try {
          await runSequence(open, seedNumber);
        } finally {
          await open.close();
        }
      },
      60_000,
    );
  });
});
