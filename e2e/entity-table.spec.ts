/**
 * The entity table (issue 25, docs/entity-table.md) on a 3,000-entity case: it lists every
 * entity, sorts by a column, filters by text, a row click selects the node on the canvas, and a
 * node selected through the canvas's search is the row highlighted.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { writeTreeCase } from '../test/support/tree-case';
import { SYNTHETIC_GLEIF, screenshot, useRunningApp } from './support/harness';

const running = useRunningApp(SYNTHETIC_GLEIF);
const ENTITIES = 3_000;

/** A 3,000-organization ownership tree laid out on a grid, "Organization 17" is org-17. */
function writeCase(dataDir: string): void {
  writeTreeCase(path.join(dataDir, 'cases', 'table-case.sqlite'), {
    name: 'Table case',
    count: ENTITIES,
    fieldsOf: (index) => ({ jurisdiction: index % 2 === 0 ? 'GB' : 'FR' }),
    positionOf: (index) => ({ x: (index % 60) * 90, y: Math.floor(index / 60) * 90 }),
  });
}

test('the table of a 3,000-entity case sorts, filters, and selects with the canvas both ways', async ({
  page,
}) => {
  test.setTimeout(240_000);
  writeCase(running.dataDir);
  await running.app.open(page);
  await page.getByRole('button', { name: 'Open Table case' }).click();
  await expect(page.getByTestId('graph-canvas')).toHaveAttribute('data-nodes', String(ENTITIES), {
    timeout: 60_000,
  });
  await page.getByRole('button', { name: 'Entity table' }).click();
  const table = page.getByRole('region', { name: 'Entity table' });
  await expect(table.getByTestId('entity-table-count')).toHaveText(`${ENTITIES} of ${ENTITIES}`);
  const firstName = table.locator('[role=row][data-id]').first().locator('[role=cell]').first();

  // Sort by name, descending: "Organization 999" comes first (numeric-aware order: 2999 > 999).
  await table
    .getByRole('columnheader', { name: /^Name( [▲▼])?$/ })
    .getByRole('button')
    .click();
  await expect(firstName).toHaveText('Organization 0');
  await table
    .getByRole('columnheader', { name: /^Name( [▲▼])?$/ })
    .getByRole('button')
    .click();
  await expect(firstName).toHaveText('Organization 2999');

  // Filter by text: one row.
  await table.getByLabel('Filter entities').fill('Organization 1234');
  await expect(table.getByTestId('entity-table-count')).toHaveText(`1 of ${ENTITIES}`);
  await table.locator('[role=row][data-id]').first().click();
  await expect(page.getByTestId('details-title')).toHaveText('Organization 1234');
  await expect(page.getByTestId('graph-canvas')).toHaveAttribute('data-selected-position', /\d/);
  await screenshot(page, '70-entity-table');

  // And back: a node selected from the canvas side is the highlighted row.
  await table.getByLabel('Filter entities').fill('');
  await page.getByLabel('Search nodes (press / )').fill('Organization 2500');
  await page.getByRole('button', { name: 'Find' }).click();
  await expect(page.getByTestId('details-title')).toHaveText('Organization 2500');
  await expect(table.locator('[role=row][aria-selected=true]')).toHaveAttribute(
    'data-id',
    'Organization:org-2500',
  );
});
