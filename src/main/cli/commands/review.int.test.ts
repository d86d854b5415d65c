import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeGleifServer } from '../../../../test/fakes/gleif-server';
import { runCliIn, type CliResult } from '../../../../test/support/cli-child';
import { startPartialMatchGleif, writeGleifOnlyConfig } from '../../../../test/support/gleif-only';
import { openCaseGraph } from '../../../engine/index';

let dir: string;
let gleif: FakeGleifServer;
let configFile: string;

function runCli(args: string[]): Promise<CliResult> {
  return runCliIn(dir, `trace-graph-review-test-${process.pid}`, args);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cli-review-'));
  gleif = await startPartialMatchGleif();
  configFile = path.join(dir, 'config.json');
  await writeGleifOnlyConfig(configFile, gleif.url);
});

afterAll(async () => {
  await gleif.close();
  await rm(dir, { recursive: true, force: true });
});

const SEED = 'Organization=Lantern Quay';

function enrich(caseFile: string): Promise<CliResult> {
  return runCli(['enrich', '--case', caseFile, '--config', configFile, '--seed', SEED]);
}

/** The Organization seeded, its `id` edges to LEI Identifiers and its `subsidiary` edges. */
function graphState(caseFile: string) {
  const graph = openCaseGraph(caseFile);
  try {
    const snapshot = graph.snapshot();
    const seed = snapshot.entities.find(
      (entity) => entity.type === 'Organization' && entity.asset.name === 'Lantern Quay',
    );
    const leiIds = new Set(
      snapshot.entities
        .filter((entity) => entity.type === 'Identifier' && entity.asset.id_type === 'lei')
        .map((entity) => entity.id),
    );
    return {
      seed,
      leiEdges: snapshot.edges.filter((edge) => edge.relation === 'id' && leiIds.has(edge.to)),
      subsidiaries: snapshot.edges.filter((edge) => edge.relation === 'subsidiary'),
    };
  } finally {
    void graph.close();
  }
}

async function pendingLines(caseFile: string): Promise<string[]> {
  const listed = await runCli(['review', '--case', caseFile]);
  expect(listed.code, listed.stderr).toBe(0);
  return listed.stdout.split('\n').filter((line) => line !== '');
}

// Each test runs the CLI as a child process several times (a TypeScript load each): seconds apiece on
// a loaded machine, so these get more than the default 30 s.
describe('cli review', { timeout: 120_000 }, () => {
  it('leaves a partial match as a pending candidate: no record fields, no family', async () => {
    const caseFile = path.join(dir, 'pending.sqlite');
    expect((await enrich(caseFile)).code).toBe(0);
    const state = graphState(caseFile);
    expect(state.leiEdges).toHaveLength(1);
    expect(state.leiEdges[0]?.properties).toMatchObject({ review: 'pending', match_type: 'partial' });
    expect(state.seed?.asset).not.toHaveProperty('legal_name');
    expect(state.subsidiaries).toEqual([]);

    const lines = await pendingLines(caseFile);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^[^\t]+\trank=1 org="Lantern Quay" candidate="LANTERN QUAY TRADING LTD" lei=984500LQTRADING00097 jurisdiction=\S+ city="[^"]+" status=\S+ score=\d+ match=partial evidence="· registry name says more: LANTERN QUAY TRADING"$/,
    );
    expect(lines[0]?.split('\t')[0]).toBe(state.leiEdges[0]?.id);
  });

  it('accepting the candidate lets the next enrich apply the record and bring the family', async () => {
    const caseFile = path.join(dir, 'accept.sqlite');
    expect((await enrich(caseFile)).code).toBe(0);
    const [line] = await pendingLines(caseFile);
    const edgeId = line?.split('\t')[0] ?? '';

    const accepted = await runCli(['review', '--case', caseFile, '--accept', edgeId]);
    expect(accepted.code, accepted.stderr).toBe(0);
    expect(await pendingLines(caseFile)).toEqual([]);

    expect((await enrich(caseFile)).code).toBe(0);
    const state = graphState(caseFile);
    expect(state.seed?.asset).toMatchObject({ legal_name: 'lantern quay trading ltd' });
    const seedEdge = state.leiEdges.find((edge) => edge.from === state.seed?.id);
    expect(seedEdge?.properties).toMatchObject({ review: 'accepted', applied: true, match_type: 'partial' });
    expect(state.subsidiaries.length).toBeGreaterThan(0);
  });

  it('rejecting the candidate removes it and the next enrich does not propose it again', async () => {
    const caseFile = path.join(dir, 'reject.sqlite');
    expect((await enrich(caseFile)).code).toBe(0);
    const [line] = await pendingLines(caseFile);
    const edgeId = line?.split('\t')[0] ?? '';

    const rejected = await runCli(['review', '--case', caseFile, '--reject', edgeId]);
    expect(rejected.code, rejected.stderr).toBe(0);
    expect(await pendingLines(caseFile)).toEqual([]);

    const before = gleif.apiRequests().length;
    expect((await enrich(caseFile)).code).toBe(0);
    // The registry was asked again (a rejection is no answer), and proposed nothing.
    expect(gleif.apiRequests().length).toBeGreaterThan(before);
    expect(await pendingLines(caseFile)).toEqual([]);
    const state = graphState(caseFile);
    expect(state.leiEdges.map((edge) => edge.properties.review)).toEqual(['rejected']);
    expect(state.seed?.asset).not.toHaveProperty('legal_name');
    expect(state.subsidiaries).toEqual([]);
  });

  it('records a decision as a session that undo takes back, leaving the candidate pending again', async () => {
    const caseFile = path.join(dir, 'undo-decision.sqlite');
    expect((await enrich(caseFile)).code).toBe(0);
    const [line] = await pendingLines(caseFile);
    const edgeId = line?.split('\t')[0] ?? '';
    expect((await runCli(['review', '--case', caseFile, '--accept', edgeId])).code).toBe(0);

    const sessions = await runCli(['sessions', '--case', caseFile]);
    const decision = sessions.stdout.split('\n').find((entry) => entry.includes('action="review accept'));
    expect(decision).toBeDefined();
    const undo = await runCli(['undo', '--case', caseFile, '--session', decision?.split(' ')[0] ?? '']);
    expect(undo.code, undo.stderr).toBe(0);
    expect(await pendingLines(caseFile)).toEqual([line]);
  });

  it('--none rejects every candidate of the organization in one session', async () => {
    const caseFile = path.join(dir, 'none.sqlite');
    expect((await enrich(caseFile)).code).toBe(0);
    const orgId = graphState(caseFile).leiEdges[0]?.from ?? '';
    const none = await runCli(['review', '--case', caseFile, '--none', orgId]);
    expect(none.code, none.stderr).toBe(0);
    expect(none.stderr).toContain('rejected every candidate of');
    expect(await pendingLines(caseFile)).toEqual([]);
    expect(graphState(caseFile).leiEdges.map((edge) => edge.properties.review)).toEqual(['rejected']);
    const again = await runCli(['review', '--case', caseFile, '--none', orgId]);
    expect(again.code).toBe(2);
  });

  it('refuses to decide on an edge that is not a pending candidate with exit 2', async () => {
    const caseFile = path.join(dir, 'refused.sqlite');
    expect((await enrich(caseFile)).code).toBe(0);
    const refused = await runCli(['review', '--case', caseFile, '--accept', 'no-such-edge']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('no edge no-such-edge');
  });
});
