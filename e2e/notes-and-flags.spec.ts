/**
 * Notes and flags (issue 25, docs/notes-and-flags.md) on the web host against the recorded GLEIF
 * replies: a note and a flag on a node and on an edge survive reopening the case, find the node
 * in search, are in the JSON and CSV exports, and Ctrl+Z takes them back. Skipped with a message
 * where the recorded fixtures are absent.
 */
import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { fixturesDir, haveFixtures } from '../test/support/fixtures-dir';
import { screenshot, useRunningApp } from './support/harness';

const MICROSOFT = 'Organization:microsoft corporation';

interface Annotated {
  id: string;
  notes?: { text: string; author: string; createdAt: string }[];
  flag?: string;
}

async function exportJson(
  page: Page,
): Promise<{ entities: Annotated[]; edges: (Annotated & { from: string })[] }> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'JSON' }).click();
  return JSON.parse(await readFile(await (await download).path(), 'utf8')) as {
    entities: Annotated[];
    edges: (Annotated & { from: string })[];
  };
}

async function exportCsv(page: Page): Promise<{ nodes: string; edges: string }> {
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const downloads: Download[] = [];
  const listener = (download: Download): void => {
    downloads.push(download);
  };
  page.on('download', listener);
  await page.getByRole('menuitem', { name: 'CSV (nodes and edges)' }).click();
  await expect.poll(() => downloads.length).toBe(2);
  page.off('download', listener);
  const text = async (suffix: string): Promise<string> => {
    const download = downloads.find((item) => item.suggestedFilename().endsWith(suffix));
    return download === undefined ? '' : readFile(await download.path(), 'utf8');
  };
  return { nodes: await text('-nodes.csv'), edges: await text('-edges.csv') };
}

async function find(page: Page, text: string): Promise<void> {
  await page.getByLabel('Search nodes (press / )').fill(text);
  await page.getByRole('button', { name: 'Find' }).click();
}

async function annotate(page: Page, note: string, flag: string): Promise<void> {
  const section = page.getByRole('region', { name: 'Notes and flag' });
  await section.getByLabel('Add a note').fill(note);
  await section.getByRole('button', { name: 'Add note' }).click();
  await expect(section.getByRole('list', { name: 'Notes' })).toContainText(note);
  await section.getByLabel('Flag').selectOption(flag);
  await expect(section.getByTestId('flag-by')).toBeVisible();
}

test.describe('notes and flags against the recorded registry', () => {
  test.skip(!haveFixtures(), `conformance fixtures not found at ${fixturesDir()}`);

  const running = useRunningApp(fixturesDir());

  test('a note and a flag on a node and an edge survive reopening, are found and exported, and undo removes them', async ({
    page,
  }) => {
    await running.app.open(page);
    await page.getByLabel('New case').fill('Annotated review');
    await page.getByRole('button', { name: 'Create case' }).click();
    await page.getByLabel('Value').fill('Microsoft Corporation');
    await page.getByLabel('Depth', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Start' }).click();
    await expect(page.getByTestId('session-state')).toHaveText('done', { timeout: 60_000 });

    await find(page, 'Microsoft Corporation');
    await expect(page.getByTestId('details-title')).toHaveText('Microsoft Corporation');
    await annotate(page, 'Priority supplier: audit before renewal', 'red');
    const details = page.getByRole('complementary', { name: 'Details' });
    await details
      .getByRole('button', { name: /^Edge details: id to / })
      .first()
      .click();
    await expect(details.getByTestId('edge-details')).toBeVisible();
    await annotate(page, 'LEI checked against the registry', 'star');
    await screenshot(page, '60-notes-edge');

    // Search finds the node by its note.
    await find(page, 'audit before renewal');
    await expect(page.getByTestId('details-title')).toHaveText('Microsoft Corporation');

    // Search finds the edge by its note and opens the edge's details.
    await find(page, 'LEI checked against');
    await expect(details.getByTestId('edge-details')).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Notes and flag' }).getByRole('list', { name: 'Notes' }),
    ).toContainText('LEI checked against the registry');

    // Reopening the case keeps them.
    await page.getByRole('button', { name: 'Back to the case list' }).click();
    await page.getByRole('button', { name: 'Open Annotated review' }).click();
    await find(page, 'Microsoft Corporation');
    const notes = page.getByRole('region', { name: 'Notes and flag' });
    await expect(notes.getByRole('list', { name: 'Notes' })).toContainText(
      'Priority supplier: audit before renewal',
    );
    await expect(notes.getByLabel('Flag')).toHaveValue('red');
    await screenshot(page, '61-notes-reopened');

    const json = await exportJson(page);
    const microsoft = json.entities.find((entity) => entity.id === MICROSOFT);
    expect(microsoft?.flag).toBe('red');
    expect(microsoft?.notes?.map((note) => note.text)).toEqual(['Priority supplier: audit before renewal']);
    expect(microsoft?.notes?.[0]?.author).not.toBe('');
    const edge = json.edges.find((item) => item.flag !== undefined);
    expect(edge).toMatchObject({
      from: MICROSOFT,
      flag: 'star',
      notes: [{ text: 'LEI checked against the registry' }],
    });
    const csv = await exportCsv(page);
    expect(csv.nodes.split('\r\n')[0]).toContain(',flag,notes');
    expect(csv.nodes).toContain(',red,');
    expect(csv.nodes).toContain('Priority supplier: audit before renewal');
    expect(csv.edges).toContain(',star,');
    expect(csv.edges).toContain('LEI checked against the registry');

    // Reopened: the window's own history is new, so undo the four writes from the case's run list.
    const history = page.getByRole('region', { name: 'History' });
    await history.getByText('All runs in this case').click();
    const annotations = history.getByTestId('case-run').filter({ hasText: /note|flag|Noted|Flagged/ });
    await expect(annotations).toHaveCount(4);
    for (let left = 4; left > 0; left -= 1) {
      await annotations.first().getByRole('button').last().click();
      await expect(annotations).toHaveCount(left - 1);
    }
    const after = await exportJson(page);
    expect(after.entities.some((entity) => entity.notes !== undefined || entity.flag !== undefined)).toBe(
      false,
    );
    expect(after.edges.some((item) => item.notes !== undefined || item.flag !== undefined)).toBe(false);
  });
});
