/**
 * Entity table benchmark (docs/entity-table.md): in headless Chromium, the app's own EntityTable
 * component (React, @tanstack/react-virtual, the app's stylesheet) over a store holding N
 * organisations with an edge each: the time from mounting the table to its first rows on screen,
 * and the frames per second while its list is scrolled down 240 frames of ten rows each (a fast
 * scrollbar drag; the same step at every size, so the ratio compares row counts only). A 1,000-row table in the same page is the
 * baseline for the open time; the table as it was before its scroll work (EntityTableBefore.bench.tsx)
 * is the baseline for the scroll figures, measured in the same page, alternated with the current
 * one (median of three). Figures are printed, never asserted. BENCH_SMALL=1 (or CI) runs 300 / 3,000 rows.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const small =
  process.env.BENCH_SMALL === '1' || process.env.BENCH_SMOKE === '1' || process.env.CI !== undefined;

const entry = `
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { EntityTable } from './src/renderer/components/EntityTable';
import { EntityTableBefore } from './src/renderer/table/EntityTableBefore.bench';
import { appStore } from './src/renderer/store/app-store';

let root;
window.fill = (count) => {
  const stamp = '2026-11-01T09:00:00.000Z';
  const entities = [];
  const edges = [];
  for (let index = 0; index < count; index += 1) {
    entities.push({
      id: 'Organization:org-' + index, type: 'Organization',
      asset: { unique_id: 'org-' + index, name: 'Organization ' + index, jurisdiction: index % 2 ? 'GB' : 'FR' },
      tags: [{ name: 'source', value: 'GLEIF', createdAt: stamp, updatedAt: stamp }],
      createdAt: stamp, updatedAt: stamp,
    });
    if (index > 0) {
      edges.push({
        id: 'e' + index, from: 'Organization:org-' + Math.floor((index - 1) / 4), to: 'Organization:org-' + index,
        relation: 'subsidiary', sources: [{ name: 'GLEIF', confidence: 100, createdAt: stamp, updatedAt: stamp }],
        properties: {}, createdAt: stamp, updatedAt: stamp,
      });
    }
  }
  appStore.getState().resetFromSnapshot({ seq: 1, entities, edges }, {});
};
window.openTable = (before) => new Promise((resolve) => {
  const host = document.getElementById('table');
  const started = performance.now();
  root = createRoot(host);
  root.render(createElement(before ? EntityTableBefore : EntityTable));
  const check = () => {
    if (host.querySelector('[role=row][data-id]')) resolve(performance.now() - started);
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
});
window.closeTable = () => { root.unmount(); };
window.rendered = () => [document.querySelectorAll('[role=row][data-id]').length, document.querySelector('[data-testid=entity-table-scroll]').clientHeight];
window.scrollFps = () => new Promise((resolve) => {
  const scroller = document.querySelector('[data-testid=entity-table-scroll]');
  const frames = 240;
  // The same step at every size (ten rows a frame, a fast drag): the figures compare row counts.
  const step = 260;
  let count = 0;
  let started;
  let longest = 0;
  let last;
  const tick = (now) => {
    if (started === undefined) { started = now; last = now; }
    longest = Math.max(longest, now - last);
    last = now;
    if (count === frames) { resolve({ fps: (frames * 1000) / (now - started), longest, frames }); return; }
    scroller.scrollTop += step;
    count += 1;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
});
`;

async function main(): Promise<void> {
  if (!existsSync(executablePath)) {
    process.stdout.write(`entity table bench skipped: no Chromium at ${executablePath}\n`);
    return;
  }
  const bundle = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'bench-table-entry.ts' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(
      '<!doctype html><body style="margin:0"><div id="table" style="height:800px;display:flex;flex-direction:column"></div></body>',
    );
    await page.addStyleTag({ content: readFileSync(path.join(root, 'src/renderer/styles.css'), 'utf8') });
    // The table fills the page's 800 px (in the app it takes 40 % of the centre pane).
    await page.addStyleTag({ content: '#table .entity-table { height: 100%; }' });
    await page.addScriptTag({ content: bundle.outputFiles[0]?.text ?? '' });
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    const threadTime = async (): Promise<number> => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((metric) => metric.name === 'ThreadTime')?.value ?? 0;
    };
    const measure = async (rows: number, before = false) => {
      await page.evaluate(`window.fill(${rows})`);
      const open = await page.evaluate<number>(`window.openTable(${before})`);
      if (process.env.BENCH_DEBUG === '1') console.log(await page.evaluate('window.rendered()'));
      // Main-thread CPU time while scrolling (CDP Performance.ThreadTime): the wall-clock fps of a
      // machine shared with other work measures the machine; CPU per frame measures the table.
      const cpuBefore = await threadTime();
      const scroll = await page.evaluate<{ fps: number; longest: number; frames: number }>(
        'window.scrollFps()',
      );
      const cpuMsPerFrame = (((await threadTime()) - cpuBefore) * 1000) / scroll.frames;
      await page.evaluate('window.closeTable()');
      return { open, ...scroll, cpuMsPerFrame };
    };
    const baselineRows = small ? 300 : 1_000;
    const bigRows = small ? 3_000 : 30_000;
    // Before and after the scroll work (EntityTableBefore.bench.tsx), alternated so that a change
    // of the machine's load hits both alike; the median of three of each.
    const runs: Record<'before' | 'after', Awaited<ReturnType<typeof measure>>[]> = { before: [], after: [] };
    for (let round = 0; round < 3; round += 1) {
      runs.before.push(await measure(bigRows, true));
      runs.after.push(await measure(bigRows));
    }
    const median = (list: number[]): number =>
      [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? 0;
    const before = {
      open: median(runs.before.map((run) => run.open)),
      fps: median(runs.before.map((run) => run.fps)),
      longest: median(runs.before.map((run) => run.longest)),
      cpu: median(runs.before.map((run) => run.cpuMsPerFrame)),
    };
    const after = {
      open: median(runs.after.map((run) => run.open)),
      fps: median(runs.after.map((run) => run.fps)),
      longest: median(runs.after.map((run) => run.longest)),
      cpu: median(runs.after.map((run) => run.cpuMsPerFrame)),
    };
    const baseline = await measure(baselineRows);
    const n = (value: number) => value.toLocaleString('en');
    const line = (label: string, figure: string, ratio: string) =>
      process.stdout.write(`${label.padEnd(68)} ${figure.padStart(12)} ${ratio.padStart(8)}\n`);
    line('measure', 'figure', 'ratio');
    line(`open the table, ${n(baselineRows)} rows (baseline)`, `${baseline.open.toFixed(0)} ms`, '1.0x');
    line(
      `open the table, ${n(bigRows)} rows`,
      `${after.open.toFixed(0)} ms`,
      `${(after.open / baseline.open).toFixed(1)}x`,
    );
    line(
      `open the table, ${n(bigRows)} rows, before the scroll work`,
      `${before.open.toFixed(0)} ms`,
      `${(before.open / baseline.open).toFixed(1)}x`,
    );
    // The 1,000-row list reaches its end after 100 of the 240 frames: its figure includes idle frames.
    line(`scroll, ${n(baselineRows)} rows (reaches the end early)`, `${baseline.fps.toFixed(0)} fps`, '');
    line(
      `scroll, ${n(bigRows)} rows, before the scroll work (baseline)`,
      `${before.fps.toFixed(0)} fps`,
      '1.0x',
    );
    line(
      `scroll, ${n(bigRows)} rows`,
      `${after.fps.toFixed(0)} fps`,
      `${(after.fps / before.fps).toFixed(2)}x`,
    );
    line(
      `main-thread CPU per scroll frame, ${n(bigRows)} rows, before (baseline)`,
      `${before.cpu.toFixed(1)} ms`,
      '1.0x',
    );
    line(
      `main-thread CPU per scroll frame, ${n(bigRows)} rows`,
      `${after.cpu.toFixed(1)} ms`,
      `${(after.cpu / before.cpu).toFixed(2)}x`,
    );
    line(`longest frame while scrolling, ${n(bigRows)} rows, before`, `${before.longest.toFixed(0)} ms`, '');
    line(`longest frame while scrolling, ${n(bigRows)} rows`, `${after.longest.toFixed(0)} ms`, '');
  } finally {
    await browser.close();
  }
}

await main();
