import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Edge, Entity } from '../../shared/model/graph';
import { ok } from '../../shared/ipc/result';
import { installFakeHost, startedProgress } from '../dom-test/fake-host';
import { appStore } from '../store/app-store';
import { DetailsPanel } from './DetailsPanel';

const stamp = '2026-11-01T09:00:00.000Z';
function organization(id: string, name: string): Entity {
  return {
    id: `Organization:${id}`,
    type: 'Organization',
    asset: { unique_id: id, name },
    tags: [{ name: 'status', value: 'ACTIVE', handler: 'gleif-lei', createdAt: stamp, updatedAt: stamp }],
    createdAt: stamp,
    updatedAt: stamp,
  };
}
function subsidiary(from: string, to: string): Edge {
  return {
    id: `${from}|subsidiary|${to}`,
    from: `Organization:${from}`,
    to: `Organization:${to}`,
    relation: 'subsidiary',
    sources: [{ name: 'GLEIF', confidence: 100, createdAt: stamp, updatedAt: stamp }],
    properties: { match_type: 'exact' },
    createdAt: stamp,
    updatedAt: stamp,
  };
}

beforeEach(() => {
  appStore
    .getState()
    .setActiveCase({ id: 'case-1', name: 'Lantern Quay', createdAt: '', updatedAt: '', sizeBytes: 0 });
  appStore.getState().resetFromSnapshot(
    {
      seq: 1,
      entities: [
        organization('holding', 'Lantern Quay Holdings'),
        organization('trading', 'Lantern Quay Trading'),
        organization('media', 'Lantern Quay Media'),
      ],
      edges: [subsidiary('holding', 'trading'), subsidiary('holding', 'media')],
    },
    {},
  );
});

afterEach(() => {
  appStore.getState().clearGraph();
});

describe('the details panel', () => {
  it('asks for a selection while nothing is selected', () => {
    render(<DetailsPanel />);
    expect(screen.getByText(/Select a node or an edge/)).toBeTruthy();
  });

  it("shows the selected node's label, fields and tags", () => {
    appStore.getState().selectEntity('Organization:holding');
    render(<DetailsPanel />);
    expect(screen.getByTestId('details-title').textContent).toBe('Lantern Quay Holdings');
    const fields = screen.getByRole('table', { name: 'Fields' });
    expect(within(fields).getByRole('row', { name: 'name Lantern Quay Holdings' })).toBeTruthy();
    const tags = screen.getByRole('table', { name: 'Tags' });
    expect(within(tags).getByText('ACTIVE')).toBeTruthy();
    expect(within(tags).getByText('gleif-lei')).toBeTruthy();
  });

  it('groups relations by relation and direction, each with its sources and properties', () => {
    appStore.getState().selectEntity('Organization:holding');
    const { unmount } = render(<DetailsPanel />);
    const out = screen.getByRole('region', { name: 'Relation subsidiary' });
    expect(within(out).getAllByTestId('relation-edge')).toHaveLength(2);
    expect(within(out).getAllByText(/^GLEIF, confidence 100/)).toHaveLength(2);
    expect(within(out).getAllByText('match_type: exact')).toHaveLength(2);
    unmount();

    appStore.getState().selectEntity('Organization:media');
    render(<DetailsPanel />);
    expect(screen.getByRole('region', { name: 'Relation ← subsidiary' })).toBeTruthy();
  });

  it('follows a relation to the node at its other end', async () => {
    const user = userEvent.setup();
    appStore.getState().selectEntity('Organization:holding');
    render(<DetailsPanel />);
    await user.click(screen.getByRole('button', { name: 'Lantern Quay Media' }));
    expect(appStore.getState().selectedId).toBe('Organization:media');
    expect(screen.getByTestId('details-title').textContent).toBe('Lantern Quay Media');
  });

  it('asks the host to expand the node on "Enrich now", and to refresh it past the TTL on "Refresh"', async () => {
    const user = userEvent.setup();
    const host = installFakeHost({
      'graph:expand-node': () => ok({ sessionId: 'run-2', progress: startedProgress('run-2') }),
    });
    appStore.getState().selectEntity('Organization:trading');
    render(<DetailsPanel />);
    await user.click(screen.getByRole('button', { name: 'Enrich now' }));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(host.callsTo('graph:expand-node')).toEqual([
      { caseId: 'case-1', entityId: 'Organization:trading', refresh: false },
      { caseId: 'case-1', entityId: 'Organization:trading', refresh: true },
    ]);
    expect(appStore.getState().currentSessionId).toBe('run-2');
  });

  it('hides the node from the canvas on "Hide"', async () => {
    const user = userEvent.setup();
    appStore.getState().selectEntity('Organization:trading');
    render(<DetailsPanel />);
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(appStore.getState().hiddenIds.has('Organization:trading')).toBe(true);
  });
});
