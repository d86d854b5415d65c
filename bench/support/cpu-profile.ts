/**
 * BENCH_PROFILE=<dir>: records a CPU profile (Chrome DevTools protocol) of each profiled step of a
 * browser benchmark into <dir>/<step>.cpuprofile (opens in Chrome's Performance panel) and prints
 * each one's heaviest functions by self time, to show where the time goes.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';

export interface Profiler {
  /** Runs `step`, profiled when BENCH_PROFILE is set. */
  around<T>(label: string, step: () => Promise<T>): Promise<T>;
  /** Writes the profiles and prints their heaviest functions (nothing without BENCH_PROFILE). */
  report(): Promise<void>;
}

export async function startProfiler(page: Page): Promise<Profiler> {
  const dir = process.env.BENCH_PROFILE;
  const profiles: { label: string; profile: CpuProfile }[] = [];
  const session = dir === undefined ? undefined : await page.context().newCDPSession(page);
  await session?.send('Profiler.enable');
  await session?.send('Profiler.setSamplingInterval', { interval: 500 });
  return {
    async around<T>(label: string, step: () => Promise<T>): Promise<T> {
      if (session === undefined) {
        return step();
      }
      await session.send('Profiler.start');
      const result = await step();
      const { profile } = (await session.send('Profiler.stop')) as { profile: CpuProfile };
      profiles.push({ label, profile });
      return result;
    },
    async report(): Promise<void> {
      if (dir === undefined) {
        return;
      }
      await mkdir(dir, { recursive: true });
      for (const { label, profile } of profiles) {
        await writeFile(path.join(dir, `${label}.cpuprofile`), JSON.stringify(profile));
        process.stdout.write(`\n${label}: heaviest functions by self time\n`);
        for (const [name, spent] of heaviest(profile, 15)) {
          process.stdout.write(`  ${spent.toFixed(0).padStart(6)} ms  ${name}\n`);
        }
      }
    },
  };
}

interface CpuProfile {
  nodes: {
    id: number;
    hitCount?: number;
    callFrame: { functionName: string; url: string; lineNumber: number };
  }[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

/** Self time per function (sample time attributed to the sampled frame), largest first. */
function heaviest(profile: CpuProfile, count: number): [string, number][] {
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const spent = new Map<string, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let index = 0; index < samples.length; index += 1) {
    const node = byNode.get(samples[index] ?? -1);
    if (node === undefined) {
      continue;
    }
    const { functionName, lineNumber, url } = node.callFrame;
    const file = url === '' ? '' : ` ${url.slice(url.lastIndexOf('/') + 1)}`;
    const name = `${functionName || '(anonymous)'}:${lineNumber + 1}${file}`;
    spent.set(name, (spent.get(name) ?? 0) + (deltas[index + 1] ?? 0) / 1000);
  }
  return [...spent.entries()].sort((a, b) => b[1] - a[1]).slice(0, count);
}
