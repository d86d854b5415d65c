import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import cytoscape from 'cytoscape';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Edge, Entity } from '../../shared/model/graph';
import type { MountedCanvas } from '../graph/canvas-controller';
import { mountCanvas } from '../graph/canvas-controller';
import { collectionIdOf } from '../graph/collections';
import { appStore } from '../store/app-store';
import { CanvasContext, NO_LAYOUT } from './canvas-context';
import { DetailsPanel } from './DetailsPanel';
import { appDeps } from '../store/history-store';

/** The component as the workspace renders it: the mounted controller handed down by context. */
function withCanvas(element: React.ReactElement): React.ReactElement {
  const controller = mounted.controller;
  return (
    <CanvasContext.Provider
      value={{ controller, layout: NO_LAYOUT, history: { ...appDeps, canvas: () => controller } }}
    >
      {element}
    </CanvasContext.Provider>
  );
}

const stamp = { tags: [], createdAt: '', updatedAt: '' };
const BANK = 'Organization:bank';
const IDS = collectionIdOf(BANK, 'Identifier');

function identifier(value: string): Entity {
  return {
    id: `Identifier:${value}`,
    type: 'Identifier',
    asset: { unique_id: `bic:${value}`, id: value, id_type: 'bic' },
    ...stamp,
  };
}

function link(to: string): Edge {
  return {
    id: `${BANK}|id|${to}`,
    from: BANK,
    to,
    relation: 'id',
    sources: [{ name: 'GLEIF', confidence: 100, createdAt: '', updatedAt: '' }],
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
    .setActiveCase({ id: 'case-1', name: 'Bank', createdAt: '', updatedAt: '', sizeBytes: 0 });
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
    // Frames run at once: the test is about the panel, not the time slicing.
    requestFrame: (callback) => {
      callback();
      return 0;
    },
    cancelFrame: () => undefined,
  });
  const ids = ['DEUTDEFF', 'COBADEFF', 'BYLADEMM'].map(identifier);
  appStore.getState().resetFromSnapshot(
    {
      seq: 1,
      entities: [
        { id: BANK, type: 'Organization', asset: { unique_id: 'bank', name: 'Bank AG' }, ...stamp },
        ...ids,
      ],
      edges: ids.map((id) => link(id.id)),
    },
    {},
  );
});

afterEach(() => {
  mounted.dispose();
  appStore.getState().clearGraph();
  cy.destroy();
});

describe('a selected collection in the details panel', () => {
  it('lists its members, and a member clicked is selected and drawn', async () => {
    render(withCanvas(<DetailsPanel />));
    act(() => {
      cy.getElementById(IDS).emit('tap');
    });
    expect(screen.getByTestId('details-title').textContent).toBe('3 Identifiers');
    const members = within(screen.getByRole('list', { name: 'Members' })).getAllByRole('button');
    expect(members.map((member) => member.textContent)).toHaveLength(3);

    await userEvent.click(within(screen.getByRole('list', { name: 'Members' })).getByText(/DEUTDEFF/i));
    expect(appStore.getState().selectedId).toBe('Identifier:DEUTDEFF');
    expect(cy.getElementById('Identifier:DEUTDEFF').hasClass('folded')).toBe(false);
    expect(cy.getElementById(IDS).empty()).toBe(true);
  });

  it('expands from "Expand collection"; "Collapse into collection" on a member folds it back', async () => {
    render(withCanvas(<DetailsPanel />));
    act(() => {
      cy.getElementById(IDS).emit('tap');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Expand collection' }));
    expect(cy.nodes('.folded')).toHaveLength(0);

    act(() => {
      appStore.getState().selectEntity('Identifier:COBADEFF');
    });
    await userEvent.click(screen.getByRole('button', { name: 'Collapse into collection' }));
    expect(cy.nodes('.folded')).toHaveLength(3);
    expect(cy.getElementById(IDS).data('label')).toBe('3 Identifiers');
    // The member went into the collection, which is selected in its place.
    expect(appStore.getState().selectedCollectionId).toBe(IDS);
    expect(screen.getByTestId('details-title').textContent).toBe('3 Identifiers');
  });
});
