/**
 * A big case can be inspected from the moment it is shown whole: while Cytoscape is still taking
 * its 30,000 entities in, the overview's preview draws every one of them, and hovering or clicking
 * a node there shows its card and selects it; a search finds any entity of the case, shows where
 * it is at reading distance, and what is in view is taken in first (docs/ui.md, "A big case can be
 * used while Cytoscape takes it in"). Once drawn, the node is selected on the canvas too.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { writeTreeCase } from '../test/support/tree-case';
import { SYNTHETIC_GLEIF, useRunningApp } from './support/harness';

const running = useRunningApp(SYNTHETIC_GLEIF);
const COUNT = 30_000;
/** A grid of 200 columns, 60 units apart. */
const onGrid = (index: number) => ({ x: (index % 200) * 60, y: Math.floor(index / 200) * 60 });
/**
 * Taken in last: the case's entities come in id order, and "Organization:org-9999" sorts after
 * every other id of the tree.
 */
const LAST = 9_999;

/** Opens the big tree and waits until the preview shows all of it. */
async function openWhileLoading(page: Page): Promise<Locator> {
  writeTreeCase(path.join(running.dataDir, 'cases', 'big-tree.sqlite'), {
    name: 'Big tree',
    count: COUNT,
    positionOf: onGrid,
  });
  await running.app.open(page);
  await page.getByRole('button', { name: 'Open Big tree' }).click();
  const canvas = page.getByTestId('graph-canvas');
  await expect(canvas).toHaveAttribute('data-shown', String(COUNT), { timeout: 60_000 });
  return canvas;
}

test('selects and shows the card of a node the preview draws before Cytoscape holds it', async ({ page }) => {
  test.setTimeout(240_000);
  const canvas = await openWhileLoading(page);
  const box = await canvas.boundingBox();
  if (box === null) {
    throw new Error('the canvas is not laid out');
  }
  const [zoom = NaN, panX = NaN, panY = NaN] = ((await canvas.getAttribute('data-viewport')) ?? '')
    .split(',')
    .map(Number);
  const at = onGrid(LAST);
  const x = box.x + at.x * zoom + panX;
  const y = box.y + at.y * zoom + panY;

  await page.mouse.move(x, y);
  await expect(page.getByTestId('hover-card')).toContainText(`Organization ${LAST}`);
  await page.mouse.click(x, y);
  await expect(page.getByTestId('details-title')).toHaveText(`Organization ${LAST}`);
  // Cytoscape was still taking the case in: the node selected was the preview's.
  expect(await canvas.getAttribute('data-entities')).not.toBe(String(COUNT));

  await expect(canvas).toHaveAttribute('data-entities', String(COUNT), { timeout: 120_000 });
  await expect(canvas).toHaveAttribute('data-selected-position', /^\d+,\d+$/);
  await expect(page.getByTestId('details-title')).toHaveText(`Organization ${LAST}`);
});

test('finds a node not drawn yet, and draws what is around it first', async ({ page }) => {
  test.setTimeout(240_000);
  const canvas = await openWhileLoading(page);
  await page.getByLabel('Search nodes (press / )').fill(`Organization ${LAST}`);
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('details-title')).toHaveText(`Organization ${LAST}`);
  // Zoomed in where it will be, the load takes that part in next: the node is drawn and selected
  // while the rest of the case is still coming.
  await expect(canvas).toHaveAttribute('data-selected-position', /^\d+,\d+$/, { timeout: 60_000 });
  const loaded = await canvas.getAttribute('data-loaded');
  expect(loaded !== null && Number(loaded) < COUNT).toBe(true);
  // And the camera stays there when the load ends (it fits the case only if the user did not move it).
  await expect(canvas).toHaveAttribute('data-entities', String(COUNT), { timeout: 120_000 });
  const [x = NaN, y = NaN] = ((await canvas.getAttribute('data-selected-position')) ?? '')
    .split(',')
    .map(Number);
  const box = await canvas.boundingBox();
  expect(box !== null && Math.abs(x - box.width / 2) < 40 && Math.abs(y - box.height / 2) < 40).toBe(true);
});
