/**
 * Memory of the web host through a request flood (issue 24, item 8): the real launcher runs in a
 * child process on a throw-away data directory; one authenticated WebSocket sends N `cases:list`
 * requests at once (the host answers at most 64 in flight and refuses the rest at once), then
 * stays quiet. Prints the host's resident memory before (baseline), at its peak during the
 * flood, and at intervals after, each against the baseline: memory must come back near it.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { WebSocket } from 'ws';
import { repositoryRoot } from '../test/support/fixtures-dir';

const SMALL = process.env.BENCH_SMALL === '1' || process.env.CI !== undefined;
const REQUESTS = SMALL ? 2_000 : 20_000;
const AFTER_MS = SMALL ? [1_000, 3_000] : [2_000, 10_000, 20_000];

/** The child's resident memory in MB (ps reports KB; Linux and macOS alike). */
function rssMb(pid: number): number {
  const out = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return Number(out) / 1024;
}

async function startHost(dataDir: string): Promise<{ pid: number; url: URL; stop(): void }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(repositoryRoot, 'src/main/web/launch.ts'),
      '--port',
      '0',
      '--data-dir',
      dataDir,
    ],
    {
      cwd: repositoryRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, TRACE_GRAPH_PORT: '' },
    },
  );
  const url = await new Promise<URL>((resolve, reject) => {
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      const match = /served at (\S+)/.exec(printed);
      if (match?.[1] !== undefined) {
        resolve(new URL(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`the web host exited with ${code}`)));
  });
  return { pid: child.pid ?? 0, url, stop: () => child.kill() };
}

async function connect(url: URL): Promise<WebSocket> {
  const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
  const socket = new WebSocket(`ws://${url.host}/ws`, ['trace-graph', `tg-token.${token}`], {
    headers: { origin: url.origin },
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return socket;
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-flood-'));
const host = await startHost(dataDir);
try {
  const socket = await connect(host.url);
  await sleep(1_000);
  const baseline = rssMb(host.pid);
  let answered = 0;
  let refused = 0;
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString('utf8')) as { type: string; result?: { ok: boolean } };
    if (message.type === 'result') {
      answered += 1;
      refused += message.result?.ok === false ? 1 : 0;
    }
  });
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(host.pid));
  }, 50);
  const started = performance.now();
  for (let id = 1; id <= REQUESTS; id += 1) {
    socket.send(JSON.stringify({ type: 'invoke', id, channel: 'cases:list', request: {} }));
  }
  while (answered < REQUESTS && performance.now() - started < 120_000) {
    await sleep(20);
  }
  const floodMs = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(host.pid));
  const rows = [
    ['before the flood', baseline],
    [`peak during the flood (${REQUESTS} requests, ${floodMs.toFixed(0)} ms)`, peak],
  ] as [string, number][];
  let waited = 0;
  for (const after of AFTER_MS) {
    await sleep(after - waited);
    waited = after;
    rows.push([`${after / 1000} s after the last answer`, rssMb(host.pid)]);
  }
  socket.close();
  const lines = [
    `web host RSS through a flood on one socket: ${answered} answered, ${refused} refused at once`,
    'moment                                          |  RSS MB | vs before',
    ...rows.map(
      ([moment, mb]) =>
        `${moment.padEnd(47)} | ${mb.toFixed(0).padStart(7)} | ${(mb / baseline).toFixed(2).padStart(9)}`,
    ),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  host.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
