import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import cytoscape from 'cytoscape';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Entity } from '../../shared/model/graph';
import type { LayoutState, MountedCanvas } from '../graph/canvas-controller';
import { mountCanvas } from '../graph/canvas-controller';
import { appStore } from '../store/app-store';
import { CanvasContext, NO_LAYOUT } from './canvas-context';
import { Toolbar } from './Toolbar';
import { appDeps } from '../store/history-store';

/** The component as the workspace renders it: the mounted controller handed down by context. */
function withCanvas(element: React.ReactElement, layout: LayoutState = NO_LAYOUT): React.ReactElement {
  const controller = canvas?.controller;
  return (
    <CanvasContext.Provider value={{ controller, layout, history: { ...appDeps, canvas: () => controller } }}>
      {element}
    </CanvasContext.Provider>
  );
}

function organization(id: string, name: string): Entity {
  return {
    id: `Organization:${id}`,
    type: 'Organization',
    asset: { unique_id: id, name },
    tags: [],
    createdAt: '',
    updatedAt: '',
  };
}

/** The real canvas controller on headless Cytoscape, as GraphCanvas mounts it. */
let canvas: MountedCanvas | undefined;
beforeEach(() => {
  appStore
    .getState()
    .setActiveCase({ id: 'case-1', name: 'Lantern Quay', createdAt: '', updatedAt: '', sizeBytes: 0 });
  appStore.getState().resetFromSnapshot(
    {
      seq: 1,
      entities: [
        organization('media', 'Lantern Quay Media'),
        organization('quay', 'Lantern Quay'),
        organization('north', 'Northern Lantern Quay Logistics'),
        organization('other', 'Harbour Freight'),
      ],
      edges: [],
    },
    {},
  );
  const cy = cytoscape({ headless: true, styleEnabled: true });
  canvas = mountCanvas({
    cy,
    dataset: {},
    store: appStore,
    savePositions: () => undefined,
    startLayout: () => ({ done: Promise.resolve(undefined), stop: () => undefined }),
    onContextMenu: () => undefined,
    onLayoutState: () => undefined,
    theme: () => 'light',
    background: () => 'white',
    requestFrame: (callback) => window.setTimeout(callback, 0),
    cancelFrame: (handle) => window.clearTimeout(handle),
  });
});

afterEach(() => {
  canvas?.dispose();
  appStore.getState().clearGraph();
  appStore.getState().setSearchText('');
});

const selectedName = (): unknown => {
  const { entitiesById, selectedId } = appStore.getState();
  const asset = entitiesById.get(selectedId ?? '')?.asset;
  return asset !== undefined && 'name' in asset ? asset.name : undefined;
};

describe('the toolbar search', () => {
  it('shows the case and its counts', () => {
    render(withCanvas(<Toolbar />));
    expect(screen.getByRole('heading', { name: 'Lantern Quay' })).toBeTruthy();
    expect(screen.getByTestId('graph-counts').textContent).toBe('4 nodes, 0 edges');
  });

  it('selects the exact name first on Enter and tells how many nodes match', async () => {
    const user = userEvent.setup();
    render(withCanvas(<Toolbar />));
    await user.type(screen.getByRole('searchbox'), 'lantern quay{Enter}');
    expect(screen.getByTestId('search-position').textContent).toBe('1 of 3');
    expect(selectedName()).toBe('Lantern Quay');
  });

  it('walks the hits with next and previous, wrapping at both ends', async () => {
    const user = userEvent.setup();
    render(withCanvas(<Toolbar />));
    await user.type(screen.getByRole('searchbox'), 'lantern quay{Enter}');
    await user.click(screen.getByRole('button', { name: 'Next match' }));
    expect(screen.getByTestId('search-position').textContent).toBe('2 of 3');
    expect(selectedName()).toBe('Lantern Quay Media');
    await user.click(screen.getByRole('button', { name: 'Previous match' }));
    await user.click(screen.getByRole('button', { name: 'Previous match' }));
    expect(screen.getByTestId('search-position').textContent).toBe('3 of 3');
    expect(selectedName()).toBe('Northern Lantern Quay Logistics');
  });

  it('goes to the next hit on Enter again and to the previous one on Shift+Enter', async () => {
    const user = userEvent.setup();
    render(withCanvas(<Toolbar />));
    const search = screen.getByRole('searchbox');
    await user.type(search, 'lantern quay{Enter}{Enter}');
    expect(screen.getByTestId('search-position').textContent).toBe('2 of 3');
    await user.type(search, '{Shift>}{Enter}{/Shift}');
    expect(screen.getByTestId('search-position').textContent).toBe('1 of 3');
  });

  it('says "No match" and marks the field when nothing matches, and a new text starts over', async () => {
    const user = userEvent.setup();
    render(withCanvas(<Toolbar />));
    const search = screen.getByRole('searchbox');
    await user.type(search, 'zzz{Enter}');
    expect(screen.getByText('No match')).toBeTruthy();
    expect(search.getAttribute('aria-invalid')).toBe('true');
    await user.clear(search);
    expect(screen.queryByText('No match')).toBeNull();
    expect(search.getAttribute('aria-invalid')).toBe('false');
  });
});

describe('the layout menu', () => {
  it('shows the layout applied last, marked, and keeps a new pick until another layout is applied', async () => {
    const user = userEvent.setup();
    const applied: LayoutState = { running: undefined, canUndo: true, applied: 'concentric' };
    const { rerender } = render(withCanvas(<Toolbar />, applied));
    const list = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Layout' });
    expect(list.value).toBe('concentric');
    expect(list.selectedOptions[0]?.textContent).toBe('Concentric ✓');
    expect(screen.getByRole('option', { name: 'Grid' })).toBeTruthy();
    await user.selectOptions(list, 'grid');
    expect(list.value).toBe('grid');
    // Still marked: the drawing is laid out by the concentric layout until Re-layout runs.
    expect(screen.getByRole('option', { name: 'Concentric ✓' })).toBeTruthy();
    rerender(withCanvas(<Toolbar />, { ...applied, applied: 'grid' }));
    expect(list.value).toBe('grid');
    expect(screen.getByRole('option', { name: 'Grid ✓' })).toBeTruthy();
    expect(screen.getByRole('option', { name: 'Concentric' })).toBeTruthy();
  });

  it('marks no layout while none ran in this window, and offers Force', () => {
    render(withCanvas(<Toolbar />));
    const list = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Layout' });
    expect(list.value).toBe('force');
    expect([...list.options].map((option) => option.textContent)).toEqual([
      'Force',
      'Hierarchical',
      'Concentric',
      'Grid',
    ]);
  });
});
