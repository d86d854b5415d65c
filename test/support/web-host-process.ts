/**
 * The web host as its launchers start it (src/main/web/launch.ts under tsx, in a child process on
 * a throw-away data directory), with --expose-gc and test/support/memory-probe.mjs preloaded so
 * the parent can ask for the child's own memory figures. Used by the flood bench and test.
 * Test support only: never imported by src/.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { WebSocket } from 'ws';
import { repositoryRoot } from './fixtures-dir';
import { openAppSocket } from './web-host-socket';

const MB = 1024 * 1024;

/** The child's memory in MB: resident, V8 heap in use, and buffers outside the heap. */
export interface HostMemory {
  rss: number;
  heapUsed: number;
  external: number;
}

export interface HostProcess {
  child: ChildProcess;
  url: URL;
  /** The child's memory, after a full garbage collection when `gc` (the default). */
  memory(gc?: boolean): Promise<HostMemory>;
  /** Writes a heap snapshot of the child to `file` (a .heapsnapshot). */
  snapshot(file: string): Promise<string>;
  stop(): void;
}

/** Starts the host with `nodeFlags` (the launchers' WEB_HOST_NODE_FLAGS, or none for V8's defaults). */
export async function startHostProcess(nodeFlags: readonly string[]): Promise<HostProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'web-host-process-'));
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      ...nodeFlags,
      '--import',
      'tsx',
      '--import',
      path.join(repositoryRoot, 'test/support/memory-probe.mjs'),
      path.join(repositoryRoot, 'src/main/web/launch.ts'),
      '--port',
      '0',
      '--data-dir',
      dataDir,
    ],
    {
      cwd: repositoryRoot,
      stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
      env: { ...process.env, TRACE_GRAPH_PORT: '' },
    },
  );
  const stop = (): void => {
    child.kill();
    rmSync(dataDir, { recursive: true, force: true });
  };
  const url = await new Promise<URL>((resolve, reject) => {
    let printed = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      printed += chunk.toString('utf8');
      const match = /served at (\S+)/.exec(printed);
      if (match?.[1] !== undefined) {
        resolve(new URL(match[1]));
      }
    });
    child.once('exit', (code) => reject(new Error(`the web host exited with ${code}`)));
  }).catch((error: unknown) => {
    stop();
    throw error;
  });
  const ask = <T>(request: object, probe: string): Promise<T> =>
    new Promise((resolve) => {
      const answer = (message: { probe?: string } & T): void => {
        if (message.probe === probe) {
          child.off('message', answer);
          resolve(message);
        }
      };
      child.on('message', answer);
      child.send({ probe, ...request });
    });
  return {
    child,
    url,
    memory: async (gc = true) => {
      const figures = await ask<HostMemory>({ gc }, 'memory');
      return { rss: figures.rss / MB, heapUsed: figures.heapUsed / MB, external: figures.external / MB };
    },
    snapshot: async (file) => (await ask<{ file: string }>({ file }, 'snapshot')).file,
    stop,
  };
}

/** An authenticated WebSocket to the host at the app's address (its token in the fragment). */
export function connectToHost(url: URL): Promise<WebSocket> {
  const token = new URLSearchParams(url.hash.slice(1)).get('token') ?? '';
  return openAppSocket(url.host, url.origin, token);
}

export interface FloodResult {
  answered: number;
  refused: number;
  ms: number;
}

/**
 * Sends `requests` `cases:list` requests at once on `socket` and waits for every answer (at most
 * `timeoutMs`); `whileWaiting` runs every 50 ms meanwhile (to sample the peak).
 */
export async function floodSocket(
  socket: WebSocket,
  requests: number,
  whileWaiting: () => void = () => undefined,
  timeoutMs = 120_000,
): Promise<FloodResult> {
  let answered = 0;
  let refused = 0;
  const onMessage = (data: Buffer): void => {
    const message = JSON.parse(data.toString('utf8')) as {
      type: string;
      id?: number;
      result?: { ok: boolean };
    };
    if (message.type === 'result' && (message.id ?? 0) > 0) {
      answered += 1;
      refused += message.result?.ok === false ? 1 : 0;
    }
  };
  socket.on('message', onMessage);
  const sampler = setInterval(whileWaiting, 50);
  const started = performance.now();
  try {
    for (let id = 1; id <= requests; id += 1) {
      socket.send(JSON.stringify({ type: 'invoke', id, channel: 'cases:list', request: {} }));
    }
    while (answered < requests && performance.now() - started < timeoutMs) {
      await sleep(20);
    }
    return { answered, refused, ms: performance.now() - started };
  } finally {
    clearInterval(sampler);
    socket.off('message', onMessage);
  }
}

/** A few requests answered before measuring, so code loaded on first use is not counted as growth. */
export async function warmHost(socket: WebSocket): Promise<void> {
  for (let id = 1; id <= 200; id += 1) {
    socket.send(JSON.stringify({ type: 'invoke', id: -id, channel: 'cases:list', request: {} }));
  }
  await sleep(1_000);
}
