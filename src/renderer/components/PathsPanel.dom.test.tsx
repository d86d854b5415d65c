import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import cytoscape from 'cytoscape';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Edge, Entity } from '../../shared/model/graph';
import type { MountedCanvas } from '../graph/canvas-controller';
import { mountCanvas } from '../graph/canvas-controller';
import { PATH_CLASS } from '../graph/paths';
import { appStore } from '../store/app-store';
import { appDeps } from '../store/history-store';
import { CanvasContext, NO_LAYOUT } from './canvas-context';
import { PathsPanel } from './PathsPanel';

const stamp = { tags: [], createdAt: '', updatedAt: '' };

function org(key: string): Entity {
  return { id: `Organization:${key}`, type: 'Organization', asset: { unique_id: key, name: key }, ...stamp };
}

function owns(from: string, to: string, source: string): Edge {
  return {
    id: `Organization:${from}|subsidiary|Organization:${to}`,
    from: `Organization:${from}`,
    to: `Organization:${to}`,
    relation: 'subsidiary',
    sources: [{ name: source, confidence: 90, createdAt: '', updatedAt: '' }],
    properties: {},
    ...stamp,
  };
}

let cy: cytoscape.Core;
let mounted: MountedCanvas;

beforeEach(() => {
  cy = cytoscape({ headless: true, styleEnabled: true });
  appStore
    .getState()
    .setActiveCase({ id: 'case-1', name: 'Group', createdAt: '', updatedAt: '', sizeBytes: 0 });
  mounted = mountCanvas({
    cy,
    dataset: {},
    store: appStore,
    savePositions: () => undefined,
    startLayout: () => ({ done: Promise.resolve(undefined), stop: () => undefined }),
    onContextMenu: () => undefined,
    onLayoutState: () => undefined,
    theme: () => 'light',
    background: () => 'white',
    requestFrame: (callback) => {
      callback();
      return 0;
    },
    cancelFrame: () => undefined,
  });
  appStore.getState().resetFromSnapshot(
    {
      seq: 1,
      entities: ['Parent', 'Alpha', 'Beta', 'Gamma'].map(org),
      edges: [
        owns('Parent', 'Alpha', 'GLEIF'),
        owns('Parent', 'Beta', 'CompanyData'),
        owns('Beta', 'Gamma', 'GLEIF'),
      ],
    },
    {},
  );
});

afterEach(() => {
  mounted.dispose();
  appStore.getState().clearGraph();
  cy.destroy();
});

function panel() {
  const controller = mounted.controller;
  return render(
    <CanvasContext.Provider
      value={{ controller, layout: NO_LAYOUT, history: { ...appDeps, canvas: () => controller } }}
    >
      <PathsPanel />
    </CanvasContext.Provider>,
  );
}

async function pick(key: string): Promise<void> {
  appStore.getState().selectEntity(`Organization:${key}`);
  await userEvent.click(await screen.findByRole('button', { name: 'Add selected' }));
}

describe('the paths panel', () => {
  it('lists the route between two picked entities hop by hop with each edge sources, highlighted', async () => {
    panel();
    await pick('Alpha');
    await pick('Gamma');
    await userEvent.click(screen.getByRole('button', { name: 'Shortest paths' }));
    expect(screen.getByRole('list', { name: 'Shortest paths' }).textContent).toContain('Path 1: 3 hops');
    const hops = within(screen.getByRole('list', { name: 'Path 1 edges' })).getAllByRole('listitem');
    expect(hops.map((hop) => hop.textContent)).toEqual([
      'Parent —subsidiary→ Alpha GLEIF',
      'Parent —subsidiary→ Beta CompanyData',
      'Beta —subsidiary→ Gamma GLEIF',
    ]);
    expect(cy.elements(`.${PATH_CLASS}`)).toHaveLength(7);
  });

  it('lists the common neighbours of the picked entities, and clears the highlight', async () => {
    panel();
    await pick('Alpha');
    await pick('Beta');
    await userEvent.click(screen.getByRole('button', { name: 'Common neighbours' }));
    expect(screen.getByText('1 common neighbour')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(cy.elements(`.${PATH_CLASS}`)).toHaveLength(0);
    expect(screen.queryByRole('list', { name: 'Picked entities' })).toBeNull();
  });
});
