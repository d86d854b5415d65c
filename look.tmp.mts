import { mkdtemp, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { composeAppServices, createStderrLogger } from './src/main/app-services/compose';
import { startWebHost } from './src/main/web/web-host';
import { writeTreeCase } from './test/support/tree-case';
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'look-'));
await writeFile(path.join(dataDir, 'settings.json'), '{}');
await mkdir(path.join(dataDir, 'cases'), { recursive: true });
const onGrid = (i: number) => ({ x: (i % 200) * 60, y: Math.floor(i / 200) * 60 });
writeTreeCase(path.join(dataDir, 'cases', 'big.sqlite'), { name: 'Big tree', count: 30000, positionOf: onGrid });
const { services } = await composeAppServices({ dataDirFlag: dataDir, environment: { ...process.env, TRACE_GRAPH_KEYCHAIN_SERVICE: 'tg-look', COMPANYDATA_API_KEY: '' }, logger: createStderrLogger('error') });
const host = await startWebHost({ services, staticDir: path.join(process.cwd(), 'out', 'web'), logger: createStderrLogger('error') });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const out = '/tmp/s6/shots'; await mkdir(out, { recursive: true });
for (const mode of ['hover', 'zoom']) {
  const page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
  await page.goto(host.url);
  await page.getByRole('button', { name: 'Open Big tree' }).click();
  const canvas = page.getByTestId('graph-canvas');
  await canvas.and(page.locator('[data-shown="30000"]')).waitFor({ timeout: 60000 });
  const box = (await canvas.boundingBox())!;
  const [zoom, px, py] = (await canvas.getAttribute('data-viewport'))!.split(',').map(Number);
  const at = onGrid(9999);
  const x = box.x + at.x * zoom + px, y = box.y + at.y * zoom + py;
  if (mode === 'hover') {
    await page.mouse.move(x, y);
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${out}/preview-hover.png` });
    await page.mouse.click(x, y);
    await page.waitForTimeout(300);
    console.log('loaded at click+300', await canvas.getAttribute('data-loaded'), await canvas.getAttribute('data-entities'));
    await page.screenshot({ path: `${out}/preview-selected.png` });
    await canvas.and(page.locator('[data-entities="30000"]')).waitFor({ timeout: 60000 });
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${out}/all-drawn-selected.png` });
  } else {
    await page.mouse.move(x, y);
    for (let i = 0; i < 12; i++) { await page.mouse.wheel(0, -400); await page.waitForTimeout(30); }
    console.log('zoom after wheel', (await canvas.getAttribute('data-viewport')), 'loaded', await canvas.getAttribute('data-loaded'));
    await page.waitForTimeout(250);
    console.log('loaded +250', await canvas.getAttribute('data-loaded'), await canvas.getAttribute('data-entities'));
    await page.screenshot({ path: `${out}/zoomed-during-load.png` });
  }
  await page.close();
}
await browser.close(); await host.close(); await services.close();
