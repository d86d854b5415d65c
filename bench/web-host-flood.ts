/**
 * Memory of the web host through a request flood (issue 24, item 8): the real launcher runs in a
 * child process on a throw-away data directory (test/support/web-host-process.ts), with
 * --expose-gc and a probe answering its own memory figures; one authenticated WebSocket sends N
 * `cases:list` requests at once (the host answers at most 64 in flight and refuses the rest at
 * once), then stays quiet. For each start-up (V8's default young generation: the host before
 * WEB_HOST_NODE_FLAGS, the baseline; then the flags every launcher passes) it prints, before the
 * flood, at its peak and at intervals after: the resident memory (RSS, sampled with ps) and,
 * after a full garbage collection, the V8 heap in use and the external buffers, each against the
 * figure before. RSS that stays up while the heap after gc is back where it was is pages V8 or
 * the allocator keeps committed, not something retained.
 * BENCH_SNAPSHOT_DIR=<dir> also writes heap snapshots before and after (to diff in DevTools).
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { WEB_HOST_NODE_FLAGS } from '../src/main/web/launch';
import {
  connectToHost,
  floodSocket,
  type HostMemory,
  startHostProcess,
  warmHost,
} from '../test/support/web-host-process';

const SMALL = process.env.BENCH_SMALL === '1' || process.env.CI !== undefined;
const REQUESTS = SMALL ? 2_000 : 20_000;
const AFTER_MS = SMALL ? [1_000, 3_000] : [2_000, 10_000, 20_000];

/** The child's resident memory in MB as the OS sees it (ps reports KB; Linux and macOS alike). */
function rssMb(pid: number): number {
  const out = spawnSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim();
  return Number(out) / 1024;
}

function row(moment: string, rss: number, before: HostMemory, memory?: HostMemory): string {
  const cells = [moment.padEnd(34), rss.toFixed(0).padStart(6), (rss / before.rss).toFixed(2).padStart(5)];
  if (memory !== undefined) {
    cells.push(
      memory.heapUsed.toFixed(1).padStart(8),
      (memory.heapUsed / before.heapUsed).toFixed(2).padStart(6),
      memory.external.toFixed(1).padStart(6),
    );
  }
  return cells.join(' | ');
}

async function floodRun(label: string, nodeFlags: readonly string[]): Promise<string[]> {
  const host = await startHostProcess(nodeFlags);
  const pid = host.child.pid ?? 0;
  const snapshotDir = process.env.BENCH_SNAPSHOT_DIR;
  try {
    const socket = await connectToHost(host.url);
    await warmHost(socket);
    const gcBefore = await host.memory();
    const before = { ...gcBefore, rss: rssMb(pid) };
    if (snapshotDir !== undefined) {
      await host.snapshot(path.join(snapshotDir, `${label}-before.heapsnapshot`));
    }
    let peak = 0;
    const flood = await floodSocket(socket, REQUESTS, () => {
      peak = Math.max(peak, rssMb(pid));
    });
    peak = Math.max(peak, rssMb(pid));
    const lines = [
      `${label} [${nodeFlags.join(' ') || 'no flags'}]: ${REQUESTS} requests, ` +
        `${flood.answered - flood.refused} answered, ${flood.refused} refused at once, ${flood.ms.toFixed(0)} ms`,
      `${'moment'.padEnd(34)} | RSS MB | x RSS | heap MB* | x heap | ext MB*  (* after a full gc)`,
      row('before the flood', before.rss, before, gcBefore),
      row('peak during the flood', peak, before),
    ];
    let waited = 0;
    for (const after of AFTER_MS) {
      await sleep(after - waited);
      waited = after;
      const rss = rssMb(pid);
      lines.push(row(`${after / 1000} s after the last answer`, rss, before, await host.memory()));
    }
    lines.push(row('RSS after that last gc', rssMb(pid), before));
    if (snapshotDir !== undefined) {
      await host.snapshot(path.join(snapshotDir, `${label}-after.heapsnapshot`));
    }
    socket.close();
    return lines;
  } finally {
    host.stop();
  }
}

const runs = [
  await floodRun('baseline: V8 default young generation', []),
  await floodRun('as launched', WEB_HOST_NODE_FLAGS),
];
process.stdout.write(
  `web host memory through a flood on one socket\n\n${runs.map((lines) => lines.join('\n')).join('\n\n')}\n`,
);
