/**
 * The evidence report of the demo case (the README's three seeds against the recorded sources),
 * written by `cli report` and opened in Chromium: no network request, every section present in
 * print, every raw reply's SHA-256 equal to one computed from the case file, no API key.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveChromium, launchChromium } from '../../../test/support/chromium';
import { haveFixtures } from '../../../test/support/fixtures-dir';
import { runCliProcess } from '../../../test/support/postgres-cli';
import {
  DEMO_SEEDS,
  startRecordedSources,
  type RecordedSources,
} from '../../../test/support/recorded-sources';

const API_KEY = 'report-test-key-5f1c9a';
const SECTIONS = [
  'Notes and flags',
  'Seeds and runs',
  'Picture of the graph',
  'Entities by type',
  'Edges and their provenance',
  'Changes',
  'Appendix: raw source replies',
];

let dir: string;
let sources: RecordedSources;
let browser: Browser;
let casePath: string;
let reportPath: string;

const cli = (args: string[]) =>
  runCliProcess(args, { dir, password: '', env: { COMPANYDATA_API_KEY: API_KEY } });

describe.skipIf(!haveFixtures() || !haveChromium())('the evidence report of the demo case', () => {
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'report-conf-'));
    sources = await startRecordedSources(dir, API_KEY);
    casePath = path.join(dir, 'demo.sqlite');
    reportPath = path.join(dir, 'report.html');
    const seeds = DEMO_SEEDS.flatMap((seed) => ['--seed', seed]);
    const enrich = await cli(['enrich', '--case', casePath, '--config', sources.configFile, ...seeds]);
    expect(enrich.code, enrich.stderr).toBe(0);
    const report = await cli(['report', '--case', casePath, '--out', reportPath]);
    expect(report.code, report.stderr).toBe(0);
    browser = await launchChromium();
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await sources?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('opens in Chromium without a single network request', async () => {
    const page = await browser.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    await page.goto(pathToFileURL(reportPath).href, { waitUntil: 'load' });
    expect(requested).toEqual([pathToFileURL(reportPath).href]);
    await page.close();
  });

  it('prints to PDF with every section present on paper', async () => {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(reportPath).href);
    await page.emulateMedia({ media: 'print' });
    for (const title of SECTIONS) {
      await expect(
        page.getByRole('heading', { level: 2, name: title, exact: true }).isVisible(),
      ).resolves.toBe(true);
    }
    expect(await page.locator('svg.graph circle').count()).toBeGreaterThan(50);
    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(20_000);
    await page.close();
  });

  it('holds every raw reply behind the entities with the SHA-256 of its text in the case file', async () => {
    const db = new Database(casePath, { readonly: true });
    const texts = db
      .prepare<[], string>('SELECT DISTINCT r.text FROM raw_replies r JOIN entity_raw l ON l.reply_id = r.id')
      .pluck()
      .all();
    db.close();
    expect(texts.length).toBeGreaterThan(5);
    const page = await browser.newPage();
    await page.goto(pathToFileURL(reportPath).href);
    const shown = new Set(await page.locator('code.sha256').allTextContents());
    await page.close();
    const expected = new Set(texts.map((text) => createHash('sha256').update(text, 'utf8').digest('hex')));
    expect(shown).toEqual(expected);
  });

  it('contains no API key', async () => {
    const html = await readFile(reportPath, 'utf8');
    expect(html).not.toContain(API_KEY);
    expect(html).not.toContain(encodeURIComponent(API_KEY));
  });
});
