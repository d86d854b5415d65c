/**
 * Renderer benchmark in headless Chromium: time to first render of a 10,000-node / 15,000-edge
 * graph (the canvas's own options, stylesheet and incremental placement), and the longest
 * main-thread stall while 5,000 nodes stream in as 50 ms delta batches through the canvas's
 * time-sliced delta scheduler (once redrawn every frame, once with the canvas's redraw spacing).
 * A 1,000-node render in the same page is the baseline. Targets: first render < 2 s, stall < 100 ms (reported, not asserted).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

// The page's code: the real adapter and stylesheet, bundled for the browser.
const entry = `
import cytoscape from 'cytoscape';
import { createCyAdapter } from './src/renderer/graph/cy-adapter';
import { buildStylesheet, isLargeGraph } from './src/renderer/graph/cy-style';
import { createDeltaScheduler, redrawIntervalMs } from './src/renderer/graph/delta-scheduler';

const TYPES = ['Organization', 'Identifier', 'Location', 'Person', 'Netblock', 'FQDN'];
const stamp = '2025-01-01T00:00:00.000Z';
function entity(index) {
  const type = TYPES[index % TYPES.length];
  const asset = type === 'Organization' ? { unique_id: 'o' + index, name: 'Organization ' + index }
    : type === 'Identifier' ? { unique_id: 'lei:' + index, id: String(index), id_type: 'lei' }
    : type === 'Location' ? { address: index + ' Quayside Walk', city: 'Bristol' }
    : type === 'Person' ? { unique_id: 'p' + index, full_name: 'Person ' + index }
    : type === 'Netblock' ? { cidr: '10.' + (index % 250) + '.0.0/16', type: 'IPv4' }
    : { name: 'host' + index + '.example' };
  return { id: 'n' + index, type, asset, tags: [], createdAt: stamp, updatedAt: stamp };
}
function edge(from, to, index) {
  return { id: 'e' + index, from: 'n' + from, to: 'n' + to, relation: 'subsidiary',
    sources: [{ name: 'GLEIF', confidence: 100, createdAt: stamp, updatedAt: stamp }], properties: {}, createdAt: stamp, updatedAt: stamp };
}
function graph(nodes, edges) {
  const entities = [];
  for (let i = 0; i < nodes; i += 1) entities.push(entity(i));
  const list = [];
  for (let i = 1; i < nodes; i += 1) list.push(edge(Math.floor((i - 1) / 4), i, i));
  for (let i = nodes; list.length < edges; i += 1) list.push(edge((i * 7919) % nodes, (i * 104729) % nodes, i));
  return { entities, edges: list };
}
function newCy(nodes) {
  const container = document.getElementById('cy');
  container.replaceChildren();
  return cytoscape({ container, style: buildStylesheet('light', isLargeGraph(nodes)), minZoom: 0.02, maxZoom: 4,
    textureOnViewport: true, hideEdgesOnViewport: true, pixelRatio: 1, motionBlur: false });
}
const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));

window.firstRender = async (nodes, edges) => {
  const data = graph(nodes, edges);
  await frame();
  const start = performance.now();
  const cy = newCy(nodes);
  const adapter = createCyAdapter(cy);
  adapter.reset(data.entities, data.edges, {});
  cy.fit(undefined, 40);
  await frame();
  await frame();
  const ms = performance.now() - start;
  cy.destroy();
  return ms;
};

window.streamStall = async (total, perBatch, intervalMs, spaced) => {
  const cy = newCy(total);
  const adapter = createCyAdapter(cy);
  adapter.reset([entity(0)], [], {});
  cy.fit(undefined, 40);
  let longest = 0;
  const observer = new PerformanceObserver((list) => {
    for (const item of list.getEntries()) longest = Math.max(longest, item.duration);
  });
  observer.observe({ type: 'longtask' });
  let worstGap = 0;
  let last = performance.now();
  let running = true;
  const watch = () => { const now = performance.now(); worstGap = Math.max(worstGap, now - last); last = now; if (running) requestAnimationFrame(watch); };
  requestAnimationFrame(watch);
  let worstApply = 0;
  const scheduler = createDeltaScheduler({
    apply: (deltas) => {
      const start = performance.now();
      adapter.applyDeltas(deltas);
      worstApply = Math.max(worstApply, performance.now() - start);
    },
    minIntervalMs: () => (spaced ? redrawIntervalMs(cy.nodes().length) : 0),
  });
  let next = 1;
  let seq = 1;
  while (next <= total) {
    const entities = [];
    const edges = [];
    for (let i = 0; i < perBatch && next <= total; i += 1, next += 1) {
      entities.push(entity(next));
      edges.push(edge(Math.floor((next - 1) / 4), next, next));
    }
    scheduler.push([{ seq: seq++, entities, edges, merged: [] }]);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  while (scheduler.queued > 0) await frame();
  await frame(); await frame();
  running = false;
  observer.disconnect();
  const drawn = cy.nodes().length;
  cy.destroy();
  return { longest, worstGap, worstApply, drawn };
};
`;

async function main(): Promise<void> {
  if (!existsSync(executablePath)) {
    process.stdout.write(
      `renderer bench skipped: no Chromium at ${executablePath} (apt-get install -y chromium)\n`,
    );
    return;
  }
  const bundle = await build({
    stdin: { contents: entry, resolveDir: root, loader: 'ts', sourcefile: 'bench-renderer-entry.ts' },
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    logLevel: 'error',
  });
  const script = bundle.outputFiles[0]?.text ?? '';
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.setContent(
      '<!doctype html><body style="margin:0"><div id="cy" style="width:1280px;height:800px"></div></body>',
    );
    await page.addScriptTag({ content: script });
    // The page's functions are called by name: this file is type-checked without the DOM library.
    const baseline = Number(await page.evaluate('window.firstRender(1000, 1500)'));
    const first = Number(await page.evaluate('window.firstRender(10000, 15000)'));
    type Stream = { longest: number; worstGap: number; worstApply: number; drawn: number };
    // Every frame (as fast as deltas arrive), then spaced as the canvas does for big graphs.
    const stream = await page.evaluate<Stream>('window.streamStall(5000, 50, 50, false)');
    const spaced = await page.evaluate<Stream>('window.streamStall(5000, 50, 50, true)');
    const rows: [string, string, string][] = [
      ['first render, 1,000 nodes / 1,500 edges (baseline)', `${baseline.toFixed(0)} ms`, '1.0x'],
      [
        'first render, 10,000 nodes / 15,000 edges',
        `${first.toFixed(0)} ms`,
        `${(first / baseline).toFixed(1)}x (target < 2000 ms)`,
      ],
      ['stream 5,000 nodes: longest main-thread task', `${stream.longest.toFixed(0)} ms`, 'target < 100 ms'],
      ['stream 5,000 nodes: longest gap between frames', `${stream.worstGap.toFixed(0)} ms`, ''],
      [
        'stream 5,000 nodes: slowest batch application',
        `${stream.worstApply.toFixed(1)} ms`,
        `${stream.drawn} nodes drawn`,
      ],
      ['stream, redraws spaced as the canvas: longest task', `${spaced.longest.toFixed(0)} ms`, ''],
      ['stream, redraws spaced as the canvas: longest gap', `${spaced.worstGap.toFixed(0)} ms`, ''],
    ];
    const width = Math.max(...rows.map((row) => row[0].length));
    process.stdout.write(`${'measure'.padEnd(width)}  value      note\n`);
    for (const [name, value, note] of rows) {
      process.stdout.write(`${name.padEnd(width)}  ${value.padEnd(9)}  ${note}\n`);
    }
  } finally {
    await browser.close();
  }
}

await main();
