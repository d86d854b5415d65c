import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCaseGraph } from '../../../engine/index';
import { runCli } from '../run';

/** The CLI in this process, as `cli <args>` with `TRACE_GRAPH_AUTHOR` set. */
async function runChildCli(args: string[], options: { env?: Record<string, string>; home: string }) {
  let stderr = '';
  const code = await runCli(args, {
    stdout: { write: () => true },
    stderr: { write: (text: string) => (stderr += text) },
    env: { HOME: options.home, TRACE_GRAPH_DATA_DIR: path.join(options.home, 'data'), ...options.env },
  });
  return { code, stderr };
}

const EDGE = 'Organization:parent|subsidiary|Organization:child';
let dir: string;
let casePath: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cli-annotate-'));
  casePath = path.join(dir, 'case.sqlite');
  const graph = openCaseGraph(casePath);
  graph.applyNow(
    {
      entities: ['parent', 'child'].map((id) => ({
        type: 'Organization',
        asset: { unique_id: id, name: id },
      })),
      edges: [{ from: 'Organization:parent', relation: 'subsidiary', to: 'Organization:child' }],
      dispatch: [],
    },
    { source: { name: 'GLEIF', confidence: 100 } },
  );
  await graph.close();
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('cli note and flag', () => {
  it('adds a note to an entity and flags an edge, both in the JSON export with the author', async () => {
    const env = { TRACE_GRAPH_AUTHOR: 'dana' };
    const noted = await runChildCli(
      ['note', '--case', casePath, '--id', 'Organization:child', '--text', 'Check the filings'],
      { env, home: dir },
    );
    expect(noted.code).toBe(0);
    const flagged = await runChildCli(['flag', '--case', casePath, '--id', EDGE, '--flag', 'star'], {
      env,
      home: dir,
    });
    expect(flagged.code).toBe(0);
    const out = path.join(dir, 'out.json');
    expect((await runChildCli(['export', '--case', casePath, '--out', out], { env, home: dir })).code).toBe(
      0,
    );
    const json = JSON.parse(await readFile(out, 'utf8')) as {
      entities: { id: string; notes?: unknown }[];
      edges: { flag?: string; flaggedBy?: string }[];
    };
    expect(json.entities.find((entity) => entity.id === 'Organization:child')?.notes).toEqual([
      { text: 'Check the filings', author: 'dana', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
    ]);
    expect(json.edges[0]).toMatchObject({ flag: 'star', flaggedBy: 'dana' });
  });

  it('exits 2 with one line for an unknown id', async () => {
    const result = await runChildCli(
      ['note', '--case', casePath, '--id', 'Organization:nobody', '--text', 'x'],
      { home: dir },
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('error: no entity or edge Organization:nobody in this case\n');
  });

  it('exits 2 for a flag that is not offered', async () => {
    const result = await runChildCli(['flag', '--case', casePath, '--id', EDGE, '--flag', 'pink'], {
      home: dir,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^error: unknown flag "pink"/);
  });
});
