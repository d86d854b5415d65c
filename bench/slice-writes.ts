/**
 * Benchmark: the longest single write of a GLEIF children flood (issue 24), the block the serving
 * thread waits on between two turns of its event loop. The same findings (1,000 subsidiaries with
 * their LEIs, read from 5 pages) are written into a fresh SQLite case in slices of
 * WRITE_SLICE_ENTITIES two ways, in interleaved rounds of one process:
 * - baseline: each slice hashes every page again (the engine before write.ts replyIdOf; the
 *   other half of the change, a kept page's text not bound again (touchReply), is in both modes);
 * - hashed once: each page's id computed once per reply.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openCaseGraph } from '../src/engine/graph/case-file';
import { FindingsBuilder, type Findings } from '../src/engine/graph/findings';
import { sliceFindings, WRITE_SLICE_ENTITIES } from '../src/engine/core/findings-slices';

// CI smoke-runs every benchmark on small inputs (BENCH_SMALL=1, or CI set).
const SMALL = process.env.BENCH_SMALL === '1' || process.env.CI !== undefined;
// The e2e busy-host flood as the per-run cap keeps it: 1,000 children (MAX_CHILDREN_PER_RUN), 5 pages.
const CHILDREN = SMALL ? 400 : 1_000;
const PAGE_SIZE = 200;
const ROUNDS = SMALL ? 1 : 5;
const SOURCE = { name: 'GLEIF', confidence: 100 };
const HANDLER = 'gleif/related-orgs';

/** A holding's children as the related-organizations handler maps them, with the pages they came from. */
function flood(): Findings {
  const builder = new FindingsBuilder();
  const holding = builder.entity('Organization', { unique_id: 'org:holding', name: 'Holding' });
  const records: string[] = [];
  for (let index = 0; index < CHILDREN; index += 1) {
    const lei = `5299BENCH${String(index).padStart(9, '0')}00`;
    const org = builder.entity('Organization', {
      unique_id: `org:child-${index}`,
      name: `Child ${index} Ltd`,
    });
    const id = builder.entity('Identifier', { unique_id: `lei:${lei}`, id: lei, id_type: 'lei' });
    builder.edge(holding, 'subsidiary', org).edge(org, 'id', id);
    records.push(
      JSON.stringify({
        type: 'lei-records',
        id: lei,
        attributes: {
          lei,
          entity: {
            legalName: { name: `Child ${index} Ltd` },
            legalAddress: { addressLines: [`${index} Bench Street`], city: 'Leeds', country: 'GB' },
          },
        },
      }),
    );
  }
  const replies = [];
  for (let page = 0; page * PAGE_SIZE < CHILDREN; page += 1) {
    const text = `{"data":[${records.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE).join(',')}]}`;
    replies.push({
      url: `https://api.gleif.test/lei-records/HOLDING/direct-children?page=${page + 1}`,
      text,
      receivedAt: 0,
    });
  }
  replies.push({ url: 'https://api.gleif.test/lei-records/HOLDING', text: '{}', receivedAt: 0 });
  return { ...builder.build(), replies };
}

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
}

type Mode = 'baseline' | 'hashed once';

function slicesFor(findings: Findings, mode: Mode): Findings[] {
  const slices = sliceFindings(findings, WRITE_SLICE_ENTITIES);
  // New reply objects per slice: the id is hashed again for every slice, as before replyIdOf.
  return mode === 'baseline'
    ? slices.map((slice) => ({ ...slice, replies: (slice.replies ?? []).map((reply) => ({ ...reply })) }))
    : slices;
}

function write(
  dir: string,
  findings: Findings,
  mode: Mode,
  round: number,
): { longest: number; typical: number; total: number; slices: number } {
  const graph = openCaseGraph(join(dir, `${mode.replace(' ', '-')}-${round}.sqlite`));
  try {
    const slices = slicesFor(findings, mode);
    const times: number[] = [];
    const started = performance.now();
    for (const slice of slices) {
      const sliceStarted = performance.now();
      graph.applyNow(slice, { source: SOURCE, handler: HANDLER });
      times.push(performance.now() - sliceStarted);
    }
    return {
      longest: Math.max(...times),
      typical: median(times),
      total: performance.now() - started,
      slices: slices.length,
    };
  } finally {
    void graph.close();
  }
}

const dir = mkdtempSync(join(tmpdir(), 'trace-graph-slice-bench-'));
try {
  const modes: Mode[] = ['baseline', 'hashed once'];
  const results = new Map<Mode, { longest: number[]; typical: number[]; total: number[]; slices: number }>();
  for (let round = 0; round < ROUNDS; round += 1) {
    // The order alternates so that neither mode always runs on a warmer process.
    for (const mode of round % 2 === 0 ? modes : [...modes].reverse()) {
      const measured = write(dir, flood(), mode, round);
      const entry = results.get(mode) ?? { longest: [], typical: [], total: [], slices: measured.slices };
      entry.longest.push(measured.longest);
      entry.typical.push(measured.typical);
      entry.total.push(measured.total);
      results.set(mode, entry);
    }
  }
  const median = (values: number[]): number =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const base = results.get('baseline');
  const lines = [
    `GLEIF flood of ${CHILDREN} children written in slices (median of ${ROUNDS} interleaved rounds)`,
    '       mode | slices | median slice ms | ratio | longest slice ms | ratio | total ms | ratio',
  ];
  for (const mode of modes) {
    const entry = results.get(mode);
    if (entry === undefined || base === undefined) continue;
    lines.push(
      [
        mode.padStart(11),
        String(entry.slices).padStart(6),
        median(entry.typical).toFixed(0).padStart(15),
        (median(entry.typical) / median(base.typical)).toFixed(2).padStart(5),
        median(entry.longest).toFixed(0).padStart(16),
        (median(entry.longest) / median(base.longest)).toFixed(2).padStart(5),
        median(entry.total).toFixed(0).padStart(8),
        (median(entry.total) / median(base.total)).toFixed(2).padStart(5),
      ].join(' | '),
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
