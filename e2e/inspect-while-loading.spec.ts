/**
 * A big case can be inspected from the moment it is shown whole: while Cytoscape is still taking
 * its 30,000 entities in, the overview's preview draws every one of them, and hovering or clicking
 * a node there shows its card and selects it (docs/ui.md, "A big case is shown whole before
 * Cytoscape holds it"). Once Cytoscape holds everything, the node is selected on the canvas too.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
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

test('selects and shows the card of a node the preview draws before Cytoscape holds it', async ({ page }) => {
  test.setTimeout(240_000);
  writeTreeCase(path.join(running.dataDir, 'cases', 'big-tree.sqlite'), {
    name: 'Big tree',
    count: COUNT,
    positionOf: onGrid,
  });
  await running.app.open(page);
  await page.getByRole('button', { name: 'Open Big tree' }).click();
  const canvas = page.getByTestId('graph-canvas');
  await expect(canvas).toHaveAttribute('data-shown', String(COUNT), { timeout: 60_000 });
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
