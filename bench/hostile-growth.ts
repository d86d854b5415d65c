/**
 * Reply size against time and memory for the replies a hostile source can send: an RDAP autnum
 * with N contact entities, and an LEI holding with N direct children in pages. Each row runs one
 * session through the real engine, HTTP client and SQLite case file against a loopback fake, and
 * prints the wall time, the peak resident memory above the start, and the ratio of time to the
 * first row's time next to N's ratio (linear growth: the two follow each other; quadratic: the
 * time ratio follows N's square). Past the per-run caps the time must stay flat.
 */
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { startFakeRdapServer } from '../test/fakes/rdap-server';
import { startFakeGleifServer } from '../test/fakes/gleif-server';
import { generateFamily } from '../test/fakes/gleif-family';
import { autnumWithContacts } from '../test/hostile/big-replies';
import { FAST_RATE, runSeed, type SeedRun } from '../test/hostile/seed-run';
import { repositoryRoot } from '../test/support/fixtures-dir';

// CI smoke-runs every benchmark on small inputs (BENCH_SMALL=1, or CI set).
const SMALL = process.env.BENCH_SMALL === '1' || process.env.CI !== undefined;

interface Row {
  n: number;
  ms: number;
  peakMb: number;
  /** The longest the thread running the session was busy without a break (what a UI on it would wait). */
  longestBlockMs: number;
  /**
   * The most CPU time the thread spent between two turns of its event loop (process.threadCpuUsage
   * at every 10 ms timer): the longest block as a quiet machine would see it, where the wall-clock
   * block of a loaded one also holds the time the OS gave the core to other processes.
   */
  longestBlockCpuMs: number;
  entities: number;
  failures: string[];
}

async function measured(n: number, run: () => Promise<SeedRun>): Promise<Row> {
  const startRss = process.memoryUsage().rss;
  let peak = startRss;
  // The event loop's delay (perf_hooks): its maximum is the longest the thread was held.
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const threadCpuMs = (): number => {
    const usage = process.threadCpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  let lastCpu = threadCpuMs();
  let longestCpu = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
    const cpu = threadCpuMs();
    longestCpu = Math.max(longestCpu, cpu - lastCpu);
    lastCpu = cpu;
  }, 10);
  delay.enable();
  try {
    const started = performance.now();
    const result = await run();
    const ms = performance.now() - started;
    delay.disable();
    peak = Math.max(peak, process.memoryUsage().rss);
    return {
      n,
      ms,
      peakMb: (peak - startRss) / 1024 / 1024,
      longestBlockMs: delay.max / 1e6,
      longestBlockCpuMs: longestCpu,
      entities: result.entityIds.length,
      failures: result.progress.failures.map((failure) => `${failure.code}: ${failure.message}`),
    };
  } finally {
    clearInterval(sampler);
  }
}

async function rdapRow(contacts: number, offThread: 'workers' | 'in-place' = 'workers'): Promise<Row> {
  const server = await startFakeRdapServer({ root: path.join(repositoryRoot, 'test', 'fixtures', 'rdap') });
  // Made before the measure: the fake shares the thread, and writing the reply is not the engine's work.
  const reply = autnumWithContacts(64496, contacts);
  server.intercept((request) => (/\/autnum\/64496$/.test(request.path) ? reply : undefined));
  try {
    return await measured(contacts, () =>
      runSeed({
        plugin: 'rdap',
        sources: { rdap: { bootstrapUrl: server.bootstrapUrl, rateLimit: FAST_RATE } },
        seed: { type: 'AutonomousSystem', asset: { number: 64496 } },
        depth: 1,
        maxBodyBytes: 64 * 1024 * 1024,
        offThread,
        // A UI client is connected: its host encodes every delta (a record holds the whole reply).
        encodeDeltas: true,
      }),
    );
  } finally {
    await server.close();
  }
}

async function gleifRow(children: number): Promise<Row> {
  const server = await startFakeGleifServer({
    fixturesDir: path.join(repositoryRoot, 'test', 'fixtures', 'gleif'),
  });
  const family = generateFamily({ origin: server.url, children });
  server.setOverride((request) => family.override(request));
  const lei = family.holdingLei;
  try {
    return await measured(children, () =>
      runSeed({
        plugin: 'gleif',
        sources: { gleif: { baseUrl: server.url, rateLimit: FAST_RATE } },
        seed: { type: 'Identifier', asset: { unique_id: `lei:${lei}`, id: lei, id_type: 'lei' } },
        depth: 0,
        encodeDeltas: true,
      }),
    );
  } finally {
    await server.close();
  }
}

function print(title: string, rows: Row[]): void {
  const base = rows[0];
  const lines = [
    title,
    '     N |  time ms | time ratio | N ratio | peak RSS +MB | longest block ms | block CPU ms | entities | failure',
  ];
  for (const row of rows) {
    const ratio = base === undefined ? 1 : row.ms / base.ms;
    const nRatio = base === undefined ? 1 : row.n / base.n;
    lines.push(
      [
        String(row.n).padStart(6),
        row.ms.toFixed(0).padStart(8),
        ratio.toFixed(2).padStart(10),
        nRatio.toFixed(1).padStart(7),
        row.peakMb.toFixed(0).padStart(12),
        row.longestBlockMs.toFixed(0).padStart(16),
        row.longestBlockCpuMs.toFixed(0).padStart(12),
        String(row.entities).padStart(8),
        row.failures[0]?.slice(0, 90) ?? '-',
      ].join(' | '),
    );
  }
  process.stdout.write(`${lines.join('\n')}\n\n`);
}

// Below the caps the rows show how time grows with the reply; the last row of each is far past
// the cap (the 45,000-contact reply and the 24,000-children family of issue 24) and must stay bounded.
const sizes = (full: number[]): number[] =>
  SMALL ? [100, 200] : (process.env.BENCH_N?.split(',').map(Number) ?? full);

const rdapRows: Row[] = [];
for (const n of sizes([200, 400, 800, 1600, 45000])) {
  rdapRows.push(await rdapRow(n));
}
print('RDAP autnum with N contact entities (the AS, then its record expanded: depth 1)', rdapRows);
// The largest reply again, read in place on the serving thread (the engine's `in-place` runner:
// the path before compute workers, the baseline) and on the compute workers (default), in this
// process: the longest block column is what the workers take off the thread. (GLEIF runs nothing
// on the workers: its pages are read and mapped on the serving thread in paced turns.)
const largest = Math.max(...sizes([200, 400, 800, 1600, 45000]));
print('The largest RDAP reply again, read in place (baseline) and on compute workers (default)', [
  await rdapRow(largest, 'in-place'),
  await rdapRow(largest, 'workers'),
]);
const gleifRows: Row[] = [];
for (const n of sizes([100, 200, 400, 800, 24000])) {
  gleifRows.push(await gleifRow(n));
}
print('GLEIF holding with N direct children, 200 per page (one handler run, depth 0)', gleifRows);
