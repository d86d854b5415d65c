import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGleifServer, type FakeGleifServer } from '../../../../test/fakes/gleif-server';
import { runCliIn, type CliResult } from '../../../../test/support/cli-child';
import { writeGleifOnlyConfig } from '../../../../test/support/gleif-only';
import { repositoryRoot } from '../../../../test/support/fixtures-dir';
import { openCaseGraph } from '../../../engine/index';
import type { GraphExport } from '../../../shared/model/graph';

let dir: string;
let gleif: FakeGleifServer;
let configFile: string;

function runCli(args: string[]): Promise<CliResult> {
  return runCliIn(dir, `trace-graph-provenance-test-${process.pid}`, args);
}

/** What "the two exports are equal" compares: ids, assets, edges and their sources (not times). */
async function graphOf(file: string) {
  const exported = JSON.parse(await readFile(file, 'utf8')) as GraphExport;
  return {
    entities: exported.entities.map(({ id, type, asset }) => ({ id, type, asset })),
    edges: exported.edges.map(({ id, from, to, relation, properties, sources }) => ({
      id,
      from,
      to,
      relation,
      properties,
      sources: sources.map(({ name, confidence }) => ({ name, confidence })),
    })),
  };
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cli-provenance-'));
  gleif = await startFakeGleifServer({
    fixturesDir: path.join(repositoryRoot, 'test', 'fixtures', 'app', 'gleif'),
  });
  configFile = path.join(dir, 'config.json');
  await writeGleifOnlyConfig(configFile, gleif.url);
});

afterAll(async () => {
  await gleif.close();
  await rm(dir, { recursive: true, force: true });
});

// Each test runs the CLI as a child process several times (a TypeScript load each): seconds apiece on
// a loaded machine, so these get more than the default 30 s.
describe('cli sessions and undo', { timeout: 120_000 }, () => {
  it('undoing the second enrich gives back the export of the first (ids, assets, edges, sources)', async () => {
    const caseFile = path.join(dir, 'undo.sqlite');
    // A is an organization the registry does not know (the seed alone); B is an LEI whose family
    // the registry gives, so the undo has a whole run's results to take back.
    const enrich = (seed: string) =>
      runCli(['enrich', '--case', caseFile, '--config', configFile, '--seed', seed]);
    expect((await enrich('Organization=Harbour Light Shipping Cooperative')).code).toBe(0);
    const afterA = path.join(dir, 'after-a.json');
    expect((await runCli(['export', '--case', caseFile, '--out', afterA])).code).toBe(0);
    expect((await enrich('Identifier=lei:984500LQMEDIA0000024')).code).toBe(0);
    const afterB = path.join(dir, 'after-b.json');
    expect((await runCli(['export', '--case', caseFile, '--out', afterB])).code).toBe(0);
    // The second run brought something new, so the undo has work to do.
    expect(await graphOf(afterB)).not.toEqual(await graphOf(afterA));

    const sessions = await runCli(['sessions', '--case', caseFile]);
    expect(sessions.code).toBe(0);
    const lines = sessions.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]?.toLowerCase()).toContain('identifier:lei:984500lqmedia0000024');
    const sessionB = lines[1]?.split(' ')[0] ?? '';

    const undo = await runCli(['undo', '--case', caseFile, '--session', sessionB]);
    expect(undo.code, undo.stderr).toBe(0);
    const afterUndo = path.join(dir, 'after-undo.json');
    expect((await runCli(['export', '--case', caseFile, '--out', afterUndo])).code).toBe(0);
    expect(await graphOf(afterUndo)).toEqual(await graphOf(afterA));
    const left = await runCli(['sessions', '--case', caseFile]);
    expect(left.stdout.trim().split('\n')).toHaveLength(1);
  });

  it('refuses to undo a session the case does not have with exit 2', async () => {
    const caseFile = path.join(dir, 'unknown.sqlite');
    expect(
      (await runCli(['enrich', '--case', caseFile, '--config', configFile, '--seed', 'Organization=Acme']))
        .code,
    ).toBe(0);
    const undo = await runCli(['undo', '--case', caseFile, '--session', 'no-such-session']);
    expect(undo.code).toBe(2);
    expect(undo.stderr).toContain('no session no-such-session');
  });
});

// Each test runs the CLI as a child process several times (a TypeScript load each): seconds apiece on
// a loaded machine, so these get more than the default 30 s.
describe('cli merge', { timeout: 120_000 }, () => {
  it('merges two entities as the investigator and undo of its session separates them again', async () => {
    const caseFile = path.join(dir, 'merge.sqlite');
    const graph = openCaseGraph(caseFile);
    graph.applyNow(
      {
        entities: [
          { type: 'Organization', asset: { unique_id: 'acme', name: 'ACME' } },
          { type: 'Organization', asset: { unique_id: 'acme-inc', name: 'Acme Inc' } },
        ],
        edges: [],
        dispatch: [],
      },
      { source: { name: 'Investigator', confidence: 100 } },
    );
    void graph.close();
    const before = path.join(dir, 'before-merge.json');
    expect((await runCli(['export', '--case', caseFile, '--out', before])).code).toBe(0);

    const merged = await runCli([
      'merge',
      '--case',
      caseFile,
      '--from',
      'Organization:acme',
      '--into',
      'Organization:acme-inc',
    ]);
    expect(merged.code, merged.stderr).toBe(0);
    const session = merged.stdout.trim();
    const afterMerge = path.join(dir, 'after-merge.json');
    expect((await runCli(['export', '--case', caseFile, '--out', afterMerge])).code).toBe(0);
    expect((await graphOf(afterMerge)).entities.map((entity) => entity.id)).toEqual([
      'Organization:acme-inc',
    ]);
    const sessions = await runCli(['sessions', '--case', caseFile]);
    expect(sessions.stdout).toContain(`${session} `);
    expect(sessions.stdout).toContain('action="merge Organization:acme into Organization:acme-inc"');

    expect((await runCli(['undo', '--case', caseFile, '--session', session])).code).toBe(0);
    const afterUndo = path.join(dir, 'after-merge-undo.json');
    expect((await runCli(['export', '--case', caseFile, '--out', afterUndo])).code).toBe(0);
    expect(await graphOf(afterUndo)).toEqual(await graphOf(before));
  });

  it('refuses to merge an id the case does not have with exit 2', async () => {
    const caseFile = path.join(dir, 'merge-unknown.sqlite');
    const graph = openCaseGraph(caseFile);
    graph.applyNow(
      {
        entities: [{ type: 'Organization', asset: { unique_id: 'acme', name: 'ACME' } }],
        edges: [],
        dispatch: [],
      },
      { source: { name: 'Investigator', confidence: 100 } },
    );
    void graph.close();
    const result = await runCli([
      'merge',
      '--case',
      caseFile,
      '--from',
      'Organization:nobody',
      '--into',
      'Organization:acme',
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('no entity Organization:nobody');
  });

  it('refuses to merge two Organizations holding different LEIs without --force, saying why', async () => {
    const caseFile = path.join(dir, 'merge-two-leis.sqlite');
    const graph = openCaseGraph(caseFile);
    const pairs = [
      ['puma', '529900GRZ2BQY5ZM9N49'],
      ['puma-europe', '529900BMH4WOV2MWXU51'],
    ] as const;
    await graph.apply(
      {
        entities: pairs.flatMap(([key, lei]) => [
          { type: 'Organization' as const, asset: { unique_id: key, name: key } },
          {
            type: 'Identifier' as const,
            asset: { unique_id: `lei:${lei}`, id: lei, id_type: 'lei' as const },
          },
        ]),
        edges: pairs.map(([key, lei]) => ({
          from: `Organization:${key}`,
          relation: 'id',
          to: `Identifier:lei:${lei.toLowerCase()}`,
        })),
        dispatch: [],
      },
      { source: { name: 'GLEIF', confidence: 100 } },
    );
    await graph.close();
    const args = [
      'merge',
      '--case',
      caseFile,
      '--from',
      'Organization:puma',
      '--into',
      'Organization:puma-europe',
    ];
    const refused = await runCli(args);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'puma holds LEI 529900GRZ2BQY5ZM9N49 and puma-europe holds LEI 529900BMH4WOV2MWXU51',
    );
    expect(refused.stderr).toContain('--force');
    const forced = await runCli([...args, '--force']);
    expect(forced.code, forced.stderr).toBe(0);
  });
});
