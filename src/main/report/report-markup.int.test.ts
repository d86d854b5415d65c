/** Source strings in the evidence report are text, never markup; secrets in replies are masked. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCaseGraph, scrubSecrets, type SqliteCaseGraph } from '../../engine/index';
import { haveChromium, launchChromium } from '../../../test/support/chromium';
import { collectReport } from './report-data';
import { renderReport } from './report-html';

const HOSTILE_NAME = '<script>document.title="owned"</script><img src=x onerror="document.title=1">';
const KEY = 'sk-live-0123456789abcdef';

let dir: string;
let graph: SqliteCaseGraph;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'report-markup-'));
  graph = openCaseGraph(path.join(dir, 'case.sqlite'));
  const domain = 'DomainRecord:example.com';
  const contact = 'ContactRecord:whois://whois.example.net/example.com#registrant';
  const registrant = 'Organization:hostile';
  const findings = {
    entities: [
      { type: 'DomainRecord' as const, asset: { domain: 'example.com', name: 'example.com' } },
      {
        type: 'ContactRecord' as const,
        asset: { discovered_at: 'whois://whois.example.net/example.com#registrant' },
      },
      { type: 'Organization' as const, asset: { unique_id: 'hostile', name: HOSTILE_NAME } },
    ],
    edges: [
      { from: domain, relation: 'registrant_contact', to: contact },
      { from: contact, relation: 'organization', to: registrant },
    ],
    dispatch: [],
  };
  await graph.apply(
    {
      ...findings,
      replies: [
        {
          url: 'whois://whois.example.net/example.com',
          text: `Registrant Name: ${HOSTILE_NAME}\nEcho: ${KEY}\n`,
          receivedAt: Date.UTC(2026, 10, 28),
        },
      ],
    },
    { source: { name: 'WHOIS', confidence: 100 }, handler: 'whois/domain', markMonitored: domain },
  );
});

afterAll(async () => {
  await graph.close();
  await rm(dir, { recursive: true, force: true });
});

function report(): string {
  return renderReport(collectReport(graph, { location: 'case.sqlite', secrets: [KEY], scrub: scrubSecrets }));
}

describe('hostile strings in the evidence report', () => {
  it('escapes a source string holding markup, in the tables, the picture and the raw reply', () => {
    const html = report();
    expect(html).not.toContain('<script>document');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;document.title=&quot;owned&quot;&lt;/script&gt;');
  });

  it('masks a secret a reply echoed, keeping the hash of the reply as kept', () => {
    const html = report();
    expect(html).not.toContain(KEY);
    expect(html).toContain('Secrets in this reply are masked');
  });

  it.skipIf(!haveChromium())('shows the markup as text in Chromium and runs nothing', async () => {
    const file = path.join(dir, 'report.html');
    await writeFile(file, report());
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(pathToFileURL(file).href);
      expect(await page.locator('script').count()).toBe(0);
      expect(await page.locator('main img').count()).toBe(0);
      expect(await page.title()).toBe('Evidence report: case');
      await expect(page.getByText(HOSTILE_NAME, { exact: true }).first().isVisible()).resolves.toBe(true);
    } finally {
      await browser.close();
    }
  });
});
