/**
 * Benchmark: the evidence report of a big case (docs/changes.md). Writes a case of ENTITIES
 * entities (organizations in families, each with an identifier and an address, a raw reply per
 * family), then measures what the user waits for: `cli report`'s work (read the case, render,
 * write the file) beside the JSON export of the same case (the baseline, same process), and the
 * time Chromium takes to open the written report (navigation to the load event).
 */
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { entityIdOf } from '../src/shared/model/asset';
import { openCaseGraph } from '../src/engine/graph/case-file';
import type { Findings } from '../src/engine/graph/findings';
import { scrubSecrets } from '../src/engine/net/redact';
import { collectReport } from '../src/main/report/report-data';
import { renderReport } from '../src/main/report/report-html';

const SMALL = process.env.BENCH_SMALL === '1' || process.env.CI !== undefined;
const ENTITIES = SMALL ? 1_000 : 10_000;
/** Per family: a parent, 8 subsidiaries, each with an LEI identifier and an address (27 entities). */
const FAMILY = 8;
const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function familyFindings(family: number): Findings {
  const findings: Findings = { entities: [], edges: [], dispatch: [] };
  const parent = `family ${family} holding`;
  findings.entities.push({
    type: 'Organization',
    asset: { unique_id: parent, name: `Family ${family} Holding <b>plc</b>` },
  });
  for (let child = 0; child < FAMILY; child += 1) {
    const name = `family ${family} subsidiary ${child}`;
    const lei = `BENCH${String(family).padStart(7, '0')}${String(child).padStart(2, '0')}XX00`;
    const address = `${child + 1} Bench Street, Town ${family}, GB`;
    findings.entities.push(
      { type: 'Organization', asset: { unique_id: name, name: `Family ${family} Subsidiary ${child} Ltd` } },
      { type: 'Identifier', asset: { unique_id: `lei:${lei}`, id: lei, id_type: 'lei' } },
      { type: 'Location', asset: { address, city: `Town ${family}` } },
    );
    findings.edges.push(
      { from: `Organization:${parent}`, relation: 'subsidiary', to: `Organization:${name}` },
      { from: `Organization:${name}`, relation: 'id', to: `Identifier:lei:${lei.toLowerCase()}` },
      {
        from: `Organization:${name}`,
        relation: 'legal_address',
        to: entityIdOf('Location', { address, city: `Town ${family}` }),
      },
    );
  }
  findings.replies = [
    {
      url: `https://api.gleif.org/api/v1/lei-records?filter[family]=${family}`,
      text: JSON.stringify({ data: findings.entities.map((entity) => entity.asset) }),
      receivedAt: Date.UTC(2026, 10, 28),
    },
  ];
  return findings;
}

function seconds(run: () => void): number {
  const start = performance.now();
  run();
  return (performance.now() - start) / 1000;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-report-'));
  try {
    const casePath = join(dir, 'big.sqlite');
    const graph = openCaseGraph(casePath);
    let count = 0;
    for (let family = 0; count < ENTITIES; family += 1) {
      const findings = familyFindings(family);
      graph.applyNow(findings, { source: { name: 'GLEIF', confidence: 100 }, handler: 'bench/family' });
      count += findings.entities.length;
    }
    const stats = graph.stats();
    const reportPath = join(dir, 'report.html');
    const exportSeconds = seconds(() =>
      writeFileSync(join(dir, 'export.json'), JSON.stringify(graph.exportJson())),
    );
    const reportSeconds = seconds(() => {
      const data = collectReport(graph, {
        location: casePath,
        secrets: ['bench-secret-key'],
        scrub: scrubSecrets,
      });
      writeFileSync(reportPath, renderReport(data));
    });
    await graph.close();
    const megabytes = statSync(reportPath).size / 1e6;
    process.stdout.write(
      `case: ${stats.entities} entities, ${stats.edges} edges\n` +
        `report written: ${reportSeconds.toFixed(2)} s (${megabytes.toFixed(1)} MB; goal 10 s)\n` +
        `JSON export of the same case (baseline): ${exportSeconds.toFixed(2)} s; report / export ${(reportSeconds / exportSeconds).toFixed(1)}x\n`,
    );
    if (!existsSync(executablePath)) {
      process.stdout.write(`open in Chromium skipped: no Chromium at ${executablePath}\n`);
      return;
    }
    const browser = await chromium.launch({
      executablePath,
      args: ['--headless', '--no-sandbox', '--disable-gpu'],
    });
    try {
      const page = await browser.newPage();
      const blank = performance.now();
      await page.goto('about:blank');
      const blankSeconds = (performance.now() - blank) / 1000;
      const start = performance.now();
      await page.goto(pathToFileURL(reportPath).href, { waitUntil: 'load', timeout: 120_000 });
      const openSeconds = (performance.now() - start) / 1000;
      process.stdout.write(
        `opened in Chromium (to the load event): ${openSeconds.toFixed(2)} s (goal 3 s); about:blank ${blankSeconds.toFixed(2)} s\n`,
      );
    } finally {
      await browser.close();
    }
  } finally {
    if (process.env.BENCH_KEEP === undefined) rmSync(dir, { recursive: true, force: true });
    else process.stdout.write(`kept ${dir}\n`);
  }
}

await main();
