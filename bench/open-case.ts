/**
 * Opening a case where the user waits: the loopback web host (the browser build of the renderer,
 * the app services, the WebSocket) serves a data directory of case files; headless Chromium opens
 * the app and clicks a case in the list. Measured in the page, from the click's event time: until
 * the canvas says every entity is drawn (`data-entities`) and a frame has been painted after it,
 * and the longest main-thread task meanwhile (PerformanceObserver 'longtask'). For a case written
 * without positions (as the CLI or a script leaves it) also until its opening layout has finished
 * and been applied (`data-layout` back to "idle"), with the longest task until then.
 *
 * Cases: ownership trees of 10,000 and 30,000 Organizations, each with and without stored
 * positions; the baseline is a 1,000-entity case with positions through the same path in the same
 * process. Targets (issue 23): 30,000 all drawn within 5 s of the click, 10,000 within 2 s, no
 * main-thread task over 200 ms. Figures are printed, never asserted.
 *
 * BENCH_BEFORE_WEB=<dir>: a second browser build (e.g. main's, built with `vite build --config
 * vite.web.config.ts --outDir <dir>`) served by a second host over the same cases; every case is
 * opened with both, alternating which goes first, and the ratio printed. That host sends every
 * reply whole, as builds before replies came in parts expect (BENCH_BEFORE_PARTS=1: in parts).
 *
 * BENCH_SMALL=1 (or CI set): 100 / 300 entities. BENCH_NO_BUILD=1 serves out/web as it is (else
 * the renderer is built first). BENCH_SIZES=10000,30000 picks sizes, BENCH_CASES=<text> only the cases
 * whose name holds it (besides the baseline), BENCH_RUNS=<n> opens each case n times per build and
 * prints the median run with the range (one open moves by a second on a loaded machine). BENCH_LAYOUT_WAIT_S (default
 * 240) bounds the wait for an opening layout. BENCH_PROFILE=<dir> writes CPU profiles of each open.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import { composeAppServices, createStderrLogger } from '../src/main/app-services/compose';
import { startWebHost } from '../src/main/web/web-host';
import type { WebHost } from '../src/main/web/web-host';
import { writeTreeCase } from '../test/support/tree-case';
import { startProfiler } from './support/cpu-profile';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const SMALL = process.env.BENCH_SMALL === '1' || process.env.CI !== undefined;
const SIZES = SMALL ? [300] : (process.env.BENCH_SIZES?.split(',').map(Number) ?? [10_000, 30_000]);
const BASELINE_SIZE = SMALL ? 100 : 1_000;
/** Opens of each case per build (BENCH_RUNS): the median run is printed, with the range. */
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1));
/** Only the cases whose name holds this text (BENCH_CASES, e.g. "30000-placed"), besides the baseline. */
const ONLY = process.env.BENCH_CASES;
const LAYOUT_WAIT_MS = Number(process.env.BENCH_LAYOUT_WAIT_S ?? 240) * 1000;
/** Spacing of the stored positions (px): about what the opening layout leaves between nodes. */
const SPACING = 40;

/** A 4-ary ownership tree of `count` Organizations, with positions on a sunflower spiral or none. */
function writeBenchCase(dataDir: string, name: string, count: number, placed: boolean): void {
  const golden = Math.PI * (3 - Math.sqrt(5));
  const onSpiral = (index: number) => {
    const radius = SPACING * Math.sqrt(index);
    return { x: radius * Math.cos(index * golden), y: radius * Math.sin(index * golden) };
  };
  writeTreeCase(path.join(dataDir, 'cases', `${name}.sqlite`), {
    name,
    count,
    ...(placed ? { positionOf: onSpiral } : {}),
  });
}

interface Opened {
  /**
   * From the click to the frame after the whole case was on screen: the overview's preview of a
   * big case (`data-shown`), else every entity drawn.
   */
  allShown: number;
  /** From the click to the frame after the canvas counted every entity drawn (Cytoscape holds all). */
  allDrawn: number;
  /** From the click until the case's data arrived over the WebSocket (host and transfer). */
  arrived: number;
  megabytes: number;
  longestUntilDrawn: number;
  /** From the click until the opening layout was applied (cases without positions). */
  laidOut?: number;
  longestUntilLaidOut?: number;
  /** The main-thread tasks over 200 ms until the end of the measure. */
  over200: number;
}

/**
 * Installed before the app's own code: every long task with its start, and a watcher that stamps
 * the first painted frame after the canvas counts `entities` drawn and, if asked, after its
 * opening layout has finished.
 */
const PAGE_PROBE = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  // When the host's answer carrying the snapshot had arrived (the last of its messages, which come
  // in parts), and their size: every message of 100,000 characters or more counts; a small case's
  // answer is its largest message.
  window.__biggestMessage = { at: 0, chars: 0, big: false };
  const NativeSocket = window.WebSocket;
  window.WebSocket = class extends NativeSocket {
    constructor(...args) {
      super(...args);
      this.addEventListener('message', (event) => {
        const chars = typeof event.data === 'string' ? event.data.length : 0;
        const seen = window.__biggestMessage;
        if (chars >= 100000) window.__biggestMessage = { at: performance.now(), chars: (seen.big ? seen.chars : 0) + chars, big: true };
        else if (!seen.big && chars > seen.chars) window.__biggestMessage = { at: performance.now(), chars, big: false };
      });
    }
  };
  window.__watchOpen = (name, entities, waitForLayout, waitMs) => new Promise((resolve) => {
    const stamps = {};
    const button = document.querySelector('[aria-label="Open ' + name + '"]');
    button.addEventListener('click', (event) => { stamps.click = event.timeStamp; }, { capture: true });
    let sawLayout = false;
    const tick = () => {
      const canvas = document.querySelector('[data-testid=graph-canvas]');
      const now = performance.now();
      if (stamps.click !== undefined && canvas) {
        // Two frames after the count says all: one frame has been painted with every entity.
        if (stamps.counted === undefined && Number(canvas.dataset.entities ?? 0) >= entities) stamps.counted = 0;
        else if (stamps.counted !== undefined && stamps.counted < 2) stamps.counted += 1;
        if (stamps.drawn === undefined && stamps.counted === 2) stamps.drawn = now;
        // The whole case on screen (the overview's preview of a big case while Cytoscape takes it in).
        if (stamps.shownCounted === undefined && Number(canvas.dataset.shown ?? 0) >= entities) stamps.shownCounted = 0;
        else if (stamps.shownCounted !== undefined && stamps.shownCounted < 2) stamps.shownCounted += 1;
        if (stamps.shown === undefined && stamps.shownCounted === 2) stamps.shown = now;
        if (canvas.dataset.layout !== undefined && canvas.dataset.layout !== 'idle') sawLayout = true;
        if (sawLayout && canvas.dataset.layout === 'idle' && stamps.laidOut === undefined) stamps.laidOut = now;
      }
      const waited = stamps.click !== undefined && now - stamps.click > waitMs;
      const done = stamps.drawn !== undefined && (!waitForLayout || stamps.laidOut !== undefined || waited);
      if (done) resolve({ ...stamps, snapshotAt: window.__biggestMessage.at, snapshotChars: window.__biggestMessage.chars });
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    button.click();
  });
  window.__longestBetween = (from, to) => {
    let longest = 0;
    let over200 = 0;
    for (const task of window.__longTasks) {
      if (task.start + task.duration > from && task.start < to) {
        longest = Math.max(longest, task.duration);
        if (task.duration > 200) over200 += 1;
      }
    }
    return { longest, over200 };
  };
`;

interface Stamps {
  click: number;
  /** When the largest WebSocket message (the opened case) arrived, and its length in characters. */
  snapshotAt: number;
  snapshotChars: number;
  drawn: number;
  shown?: number;
  laidOut?: number;
}

async function openCase(
  browser: Browser,
  host: WebHost,
  name: string,
  entities: number,
  waitForLayout: boolean,
): Promise<Opened> {
  const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
  try {
    await page.addInitScript(PAGE_PROBE);
    await page.goto(host.url);
    await page.getByRole('button', { name: `Open ${name}` }).waitFor({ timeout: 30_000 });
    // The user clicks once the page has settled: the app's start-up is not part of opening.
    await page.waitForTimeout(1_000);
    const profiler = await startProfiler(page);
    const stamps = await profiler.around(name, () =>
      page.evaluate<Stamps>(
        `window.__watchOpen(${JSON.stringify(name)}, ${entities}, ${waitForLayout}, ${LAYOUT_WAIT_MS})`,
      ),
    );
    await profiler.report();
    // Tasks are reported after they end: give the observer a moment.
    await page.waitForTimeout(300);
    type Tasks = { longest: number; over200: number };
    if (process.env.BENCH_DEBUG === '1') {
      process.stdout.write(
        `${JSON.stringify(await page.evaluate(`window.__longTasks.map((t) => [Math.round(t.start - ${stamps.click}), Math.round(t.duration)])`))}\n`,
      );
    }
    if (process.env.BENCH_STEPS === '1') {
      process.stdout.write(
        `steps ${JSON.stringify(await page.evaluate(`(window.__steps ?? []).map((s) => [Math.round(s[0] - ${stamps.click}), s[1], s[2], s[3], s[4]])`))}\n`,
      );
    }
    const untilDrawn = await page.evaluate<Tasks>(
      `window.__longestBetween(${stamps.click}, ${stamps.drawn})`,
    );
    const end = stamps.laidOut ?? stamps.drawn;
    const untilEnd = await page.evaluate<Tasks>(`window.__longestBetween(${stamps.click}, ${end})`);
    return {
      allShown: Math.min(stamps.shown ?? stamps.drawn, stamps.drawn) - stamps.click,
      allDrawn: stamps.drawn - stamps.click,
      arrived: stamps.snapshotAt - stamps.click,
      megabytes: stamps.snapshotChars / 1e6,
      longestUntilDrawn: untilDrawn.longest,
      ...(stamps.laidOut === undefined
        ? {}
        : { laidOut: stamps.laidOut - stamps.click, longestUntilLaidOut: untilEnd.longest }),
      over200: untilEnd.over200,
    };
  } finally {
    await page.close();
  }
}

const seconds = (value: number): string => `${(value / 1000).toFixed(2)} s`;

/** The run whose "all drawn" is the median (the lower middle of an even count). */
function medianRun(runs: readonly Opened[]): Opened | undefined {
  const sorted = [...runs].sort((a, b) => a.allDrawn - b.allDrawn);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** The range of "all drawn" over the runs. */
function spread(runs: readonly Opened[]): string {
  const times = runs.map((run) => run.allDrawn);
  return `${(Math.min(...times) / 1000).toFixed(2)}-${(Math.max(...times) / 1000).toFixed(2)} s over ${runs.length}`;
}
const ms = (value: number): string => `${value.toFixed(0)} ms`;
const n = (value: number): string => value.toLocaleString('en');

function buildRenderer(): void {
  if (process.env.BENCH_NO_BUILD === '1' && existsSync(path.join(root, 'out', 'web', 'index.html'))) {
    return;
  }
  const vite = path.join(root, 'node_modules', '.bin', 'vite');
  // Profiles name the renderer's own functions when the build is not minified.
  const minify = process.env.BENCH_PROFILE === undefined ? [] : ['--minify', 'false'];
  const built = spawnSync(
    vite,
    ['build', '--config', 'vite.web.config.ts', '--logLevel', 'warn', ...minify],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (built.status !== 0) {
    throw new Error(`building the renderer failed (${built.status ?? built.signal})`);
  }
}

async function main(): Promise<void> {
  if (!existsSync(executablePath)) {
    process.stdout.write(`open-case bench skipped: no Chromium at ${executablePath}\n`);
    return;
  }
  buildRenderer();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'trace-graph-bench-open-'));
  // Nothing here asks a source: every source points at a closed loopback port.
  const closed = { rateLimit: { requests: 1, intervalMs: 1000 } };
  await writeFile(
    path.join(dataDir, 'settings.json'),
    JSON.stringify({
      sources: {
        gleif: { baseUrl: 'http://127.0.0.1:9/', ...closed },
        companydata: { baseUrl: 'http://127.0.0.1:9/', ...closed },
        rdap: { bootstrapUrl: 'http://127.0.0.1:9/rdap/', ...closed },
        whois: { ianaServer: '127.0.0.1:9', ...closed },
      },
    }),
  );
  const { services } = await composeAppServices({
    dataDirFlag: dataDir,
    environment: {
      ...process.env,
      TRACE_GRAPH_KEYCHAIN_SERVICE: 'trace-graph-bench',
      COMPANYDATA_API_KEY: '',
    },
    logger: createStderrLogger('error'),
  });
  const cases: { name: string; entities: number; placed: boolean }[] = [
    { name: `baseline ${BASELINE_SIZE}`, entities: BASELINE_SIZE, placed: true },
    ...SIZES.flatMap((size) => [
      { name: `tree ${size} placed`, entities: size, placed: true },
      { name: `tree ${size} unplaced`, entities: size, placed: false },
    ]),
  ];
  if (ONLY !== undefined) {
    cases.splice(
      1,
      cases.length,
      ...cases.slice(1).filter((item) => item.name.replace(/ /g, '-').includes(ONLY)),
    );
  }
  for (const item of cases) {
    writeBenchCase(dataDir, item.name.replace(/ /g, '-'), item.entities, item.placed);
  }
  const logger = createStderrLogger('error');
  const builds: { label: string; host: WebHost }[] = [
    {
      label: 'this build',
      host: await startWebHost({ services, staticDir: path.join(root, 'out', 'web'), logger }),
    },
  ];
  const before = process.env.BENCH_BEFORE_WEB;
  if (before !== undefined) {
    // A build from before replies came in parts gets every reply whole.
    builds.push({
      label: 'before',
      host: await startWebHost({
        services,
        staticDir: before,
        logger,
        ...(process.env.BENCH_BEFORE_PARTS === '1' ? {} : { partItems: Infinity }),
      }),
    });
  }
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const rows: string[][] = [
      [
        'case',
        'build',
        'all shown',
        'all drawn',
        'longest task',
        'tasks > 200 ms',
        'data arrived',
        'laid out',
        'vs',
      ],
    ];
    let baseline: number | undefined;
    for (const [index, item] of cases.entries()) {
      const name = item.name.replace(/ /g, '-');
      const what = `${n(item.entities)} entities, ${item.placed ? 'positions stored' : 'no positions'}`;
      // Which build goes first alternates (each run, and from case to case): the first open of a
      // page pays for heap growth.
      const results = new Map<string, Opened[]>();
      for (let run = 0; run < RUNS; run += 1) {
        const order = (index + run) % 2 === 0 ? builds : [...builds].reverse();
        for (const build of order) {
          const opened = await openCase(browser, build.host, name, item.entities, !item.placed);
          results.set(build.label, [...(results.get(build.label) ?? []), opened]);
        }
      }
      for (const build of builds) {
        const runs = results.get(build.label);
        const opened = runs === undefined ? undefined : medianRun(runs);
        if (runs === undefined || opened === undefined) continue;
        baseline ??= opened.allDrawn;
        const otherRuns = build.label === 'this build' ? results.get('before') : undefined;
        const other = otherRuns === undefined ? undefined : medianRun(otherRuns);
        const versus =
          other === undefined
            ? `${(opened.allDrawn / baseline).toFixed(1)}x the ${n(BASELINE_SIZE)} case`
            : `${(opened.allShown / other.allShown).toFixed(2)}x before (shown), ${(opened.allDrawn / other.allDrawn).toFixed(2)}x (drawn)`;
        rows.push([
          what,
          build.label,
          seconds(opened.allShown),
          RUNS === 1 ? seconds(opened.allDrawn) : `${seconds(opened.allDrawn)} (${spread(runs)})`,
          ms(opened.longestUntilLaidOut ?? opened.longestUntilDrawn),
          String(opened.over200),
          `${seconds(opened.arrived)} (${opened.megabytes.toFixed(1)} MB)`,
          opened.laidOut === undefined ? '' : seconds(opened.laidOut),
          versus,
        ]);
        process.stdout.write(`${rows[rows.length - 1]?.join(' | ')}\n`);
      }
    }
    process.stdout.write(
      `\nTargets: 30,000 entities all drawn < 5 s, 10,000 < 2 s, no main-thread task > 200 ms (quiet machine).\n` +
        `All shown: the whole case on screen (a big case: the overview's preview, from its data); all drawn:\n` +
        `Cytoscape holds every element (selectable). Ratios against the baseline: all drawn.\n` +
        `Longest task: until all drawn, or until laid out where the case had no positions.\n\n`,
    );
    const widths =
      rows[0]?.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length))) ?? [];
    for (const row of rows) {
      process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}\n`);
    }
  } finally {
    await browser.close();
    for (const build of builds) await build.host.close();
    await services.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
