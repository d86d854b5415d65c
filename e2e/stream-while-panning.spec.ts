/**
 * Results streaming in while the investigator pans: a generated GLEIF family of 1,000 children
 * (each an organization with its LEI, legal-name identifier and address: 4,000+ nodes) arrives in
 * one run, and the canvas draws it piece by piece over several seconds while the mouse drags the
 * view to and fro. Nothing may be dropped: once the run is done, the canvas represents exactly
 * the case's entities and edges, drawn or folded into collections (the old canvas lost the deltas
 * it had queued on every pan above 1,500 nodes).
 */
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { generateFamily } from '../test/fakes/gleif-family';
import { SYNTHETIC_GLEIF, useRunningApp } from './support/harness';

const running = useRunningApp(SYNTHETIC_GLEIF);
const CHILDREN = 1_000;

const numberOf = async (canvas: Locator, name: string): Promise<number> =>
  Number((await canvas.getAttribute(name)) ?? 0);

/** The case's own counts, from the toolbar ("N nodes, M edges"). */
async function caseCounts(page: Page): Promise<{ nodes: number; edges: number }> {
  const text = (await page.getByTestId('graph-counts').textContent()) ?? '';
  const [, nodes = '0', edges = '0'] = /^(\d+) nodes, (\d+) edges$/.exec(text) ?? [];
  return { nodes: Number(nodes), edges: Number(edges) };
}

/** One drag of the background, from the canvas's top-left corner (clear of the fitted graph) and back. */
async function dragTheView(page: Page, canvas: Locator): Promise<void> {
  const box = await canvas.boundingBox();
  if (box === null) {
    throw new Error('the canvas is not laid out');
  }
  const from = { x: box.x + 12, y: box.y + 12 };
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 260, from.y + 160, { steps: 8 });
  await page.mouse.move(from.x, from.y, { steps: 8 });
  await page.mouse.up();
}

test('draws every node and edge of a 1,000-child family streamed in while the view is panned', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const family = generateFamily({ origin: running.sources.gleif.url, children: CHILDREN, replyDelayMs: 150 });
  running.sources.gleif.setOverride((request) => family.override(request));
  await running.app.open(page);
  await page.getByLabel('New case').fill('Harbour family');
  await page.getByRole('button', { name: 'Create case' }).click();
  await page.getByLabel('Seed type').selectOption('Identifier');
  await page.getByLabel('Value').fill(family.holdingLei);
  // Depth 0: the holding's family only, without looking each child up in turn.
  await page.getByLabel('Depth', { exact: true }).fill('0');
  await page.getByRole('button', { name: 'Start' }).click();

  const canvas = page.getByTestId('graph-canvas');
  // The family arrives as one write; the canvas then draws it in time-sliced pieces.
  await expect
    .poll(async () => (await caseCounts(page)).nodes, { timeout: 120_000 })
    .toBeGreaterThan(3 * CHILDREN);
  let dragsWhileStreaming = 0;
  // Drag, pause as a reader does (pieces are drawn once the view has been still for 150 ms), drag
  // again, until the canvas has caught up (bounded, so a canvas that never catches up fails below).
  while (
    (await numberOf(canvas, 'data-entities')) < (await caseCounts(page)).nodes &&
    dragsWhileStreaming < 60
  ) {
    await dragTheView(page, canvas);
    dragsWhileStreaming += 1;
    await page.waitForTimeout(250);
  }
  // The view was dragged while pieces were still queued (each drag used to drop them all), or the
  // test proved nothing.
  expect(dragsWhileStreaming).toBeGreaterThan(0);

  await expect(page.getByTestId('session-state')).toHaveText('done', { timeout: 120_000 });
  const { nodes, edges } = await caseCounts(page);
  console.log(`streamed ${nodes} nodes and ${edges} edges; ${dragsWhileStreaming} drags while drawing`);
  expect(nodes).toBeGreaterThan(3 * CHILDREN);
  // Every entity is on the canvas, drawn or folded into a drawn collection (the 1,000 sibling
  // organizations fold), and so is every edge.
  await expect(canvas).toHaveAttribute('data-entities', String(nodes), { timeout: 60_000 });
  await expect(canvas).toHaveAttribute('data-graph-edges', String(edges));
  expect(await numberOf(canvas, 'data-nodes')).toBeGreaterThan(0);
});
