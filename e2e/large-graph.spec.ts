/**
 * A 3,000-node case in the browser: it opens with every node drawn, and a re-layout (force, which
 * is the radial spanning-tree layout at this size) spreads the nodes so that none sits within 8 px
 * of another, is saved when it finishes, and can be undone. Zoomed out, the overview layer draws
 * it instead of Cytoscape, and a click there still selects the node under the mouse.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { openCaseGraph } from '../src/engine/graph/case-file';
import { entityIdOf } from '../src/shared/model/asset';
import { SYNTHETIC_GLEIF, useRunningApp } from './support/harness';

const running = useRunningApp(SYNTHETIC_GLEIF);
const NODES = 3_000;

/** Where a grid of 60 columns, 90 units apart, puts node `index`. */
const onGrid = (index: number) => ({ x: (index % 60) * 90, y: Math.floor(index / 60) * 90 });

/**
 * Writes a case of NODES organisations (a 4-ary ownership tree), every node saved on one spot
 * (what a broken earlier layout leaves behind) unless told where.
 */
function writeLargeCase(
  dataDir: string,
  name = 'Large case',
  place: (index: number) => { x: number; y: number } = () => ({ x: 0, y: 0 }),
): void {
  const graph = openCaseGraph(path.join(dataDir, 'cases', `${name.toLowerCase().replace(/ /g, '-')}.sqlite`));
  const ids: string[] = [];
  const entities = [];
  for (let index = 0; index < NODES; index += 1) {
    const asset = { unique_id: `org-${index}`, name: `Organization ${index}` };
    entities.push({ type: 'Organization' as const, asset });
    ids.push(entityIdOf('Organization', asset));
  }
  const edges = [];
  for (let index = 1; index < NODES; index += 1) {
    edges.push({
      from: ids[Math.floor((index - 1) / 4)] ?? '',
      relation: 'subsidiary',
      to: ids[index] ?? '',
    });
  }
  graph.applyNow({ entities, edges, dispatch: [] }, { source: { name: 'GLEIF', confidence: 100 } });
  graph.setMeta('name', name);
  graph.setMeta('createdAt', new Date().toISOString());
  graph.savePositions(Object.fromEntries(ids.map((id, index) => [id, place(index)])));
  void graph.close();
}

function crowdedShare(positions: { x: number; y: number }[]): number {
  const cells = new Map<string, { x: number; y: number }[]>();
  for (const at of positions) {
    const key = `${Math.floor(at.x / 8)},${Math.floor(at.y / 8)}`;
    cells.set(key, [...(cells.get(key) ?? []), at]);
  }
  let crowded = 0;
  for (const at of positions) {
    const cx = Math.floor(at.x / 8);
    const cy = Math.floor(at.y / 8);
    let near = 0;
    for (let dx = -1; dx <= 1; dx += 1) {
      for (let dy = -1; dy <= 1; dy += 1) {
        for (const other of cells.get(`${cx + dx},${cy + dy}`) ?? []) {
          if (Math.hypot(other.x - at.x, other.y - at.y) < 8) {
            near += 1;
          }
        }
      }
    }
    crowded += near > 1 ? 1 : 0;
  }
  return crowded / positions.length;
}

async function exportedPositions(page: Page): Promise<{ x: number; y: number }[]> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'JSON' }).click();
  const json = JSON.parse(await readFile(await (await download).path(), 'utf8')) as {
    entities: { position?: { x: number; y: number } }[];
  };
  return json.entities.flatMap((entity) => (entity.position === undefined ? [] : [entity.position]));
}

test('re-lays out a 3,000-node case so that no two nodes overlap, saves it, and undoes it', async ({
  page,
}) => {
  test.setTimeout(240_000);
  writeLargeCase(running.dataDir);
  await running.app.open(page);
  await page.getByRole('button', { name: 'Open Large case' }).click();
  const canvas = page.getByTestId('graph-canvas');
  await expect(canvas).toHaveAttribute('data-nodes', String(NODES), { timeout: 60_000 });
  await expect(canvas).toHaveAttribute('data-entities', String(NODES));
  expect(crowdedShare(await exportedPositions(page))).toBe(1);

  // The canvas's own "Re-layout done." status (the history panel offers the same undo).
  const undo = page
    .getByRole('status')
    .filter({ hasText: 'Re-layout done.' })
    .getByRole('button', { name: 'Undo re-layout' });
  await page.getByLabel('Layout').selectOption('force');
  await page.getByRole('button', { name: 'Re-layout' }).click();
  await expect(undo).toBeVisible({ timeout: 60_000 });
  // Positions are saved 1.5 s after the layout finishes.
  await expect.poll(async () => crowdedShare(await exportedPositions(page)), { timeout: 30_000 }).toBe(0);

  await undo.click();
  await expect.poll(async () => crowdedShare(await exportedPositions(page)), { timeout: 30_000 }).toBe(1);
});

/** How many pixels each layer has painted: the overview's canvas and Cytoscape's node layer. */
function paintedLayers(page: Page): Promise<{ overview: number; cytoscape: number }> {
  // A string: this file is type-checked without the DOM library.
  return page.evaluate(`(() => {
    const painted = (canvas) => {
      const context = canvas?.getContext('2d');
      if (!context || canvas.width === 0) return 0;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let count = 0;
      for (let index = 3; index < data.length; index += 4) count += data[index] === 0 ? 0 : 1;
      return count;
    };
    return {
      overview: painted(document.querySelector('[data-testid=graph-overview]')),
      cytoscape: painted(document.querySelector('[data-testid=graph-canvas] canvas[data-id="layer2-node"]')),
    };
  })()`);
}

test('draws a zoomed-out 3,000-node case with the overview layer, where a click still selects a node', async ({
  page,
}) => {
  test.setTimeout(180_000);
  writeLargeCase(running.dataDir, 'Grid case', onGrid);
  await running.app.open(page);
  await page.getByRole('button', { name: 'Open Grid case' }).click();
  const canvas = page.getByTestId('graph-canvas');
  await expect(canvas).toHaveAttribute('data-nodes', String(NODES), { timeout: 60_000 });

  // Fitted, the whole grid is in view: the overview draws it and Cytoscape's node layer is empty.
  const overviewOnly = async () => {
    const { overview, cytoscape } = await paintedLayers(page);
    return overview > 1_000 && cytoscape === 0;
  };
  await expect.poll(overviewOnly, { timeout: 30_000 }).toBe(true);

  // A search hit is shown at reading distance: Cytoscape draws again and the overview is clear.
  await page.getByLabel('Search nodes (press / )').fill('Organization 1234');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('details-title')).toHaveText('Organization 1234');
  await expect
    .poll(async () => {
      const { overview, cytoscape } = await paintedLayers(page);
      return overview === 0 && cytoscape > 1_000;
    })
    .toBe(true);

  // Back to the whole case, the selection kept: a click on empty canvas clears it, and a click
  // where the canvas says the node is drawn (a few pixels wide now) selects it again.
  await page.getByRole('button', { name: 'Fit' }).click();
  await expect.poll(overviewOnly, { timeout: 30_000 }).toBe(true);
  const box = await canvas.boundingBox();
  if (box === null) {
    throw new Error('the canvas is not laid out');
  }
  const [x = NaN, y = NaN] = ((await canvas.getAttribute('data-selected-position')) ?? '')
    .split(',')
    .map(Number);
  expect(x >= 0 && x <= box.width && y >= 0 && y <= box.height).toBe(true);
  await page.mouse.click(box.x + 8, box.y + 8);
  await expect(page.getByTestId('details-title')).toBeHidden();
  await page.mouse.click(box.x + x, box.y + y);
  await expect(page.getByTestId('details-title')).toHaveText('Organization 1234');
});
