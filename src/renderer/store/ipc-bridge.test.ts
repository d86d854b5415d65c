import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppApi, EventChannel, EventMap } from '../../shared/ipc/contract';
import { ok } from '../../shared/ipc/result';
import type { Entity } from '../../shared/model/graph';
import { createAppStore } from './app-store';
import { connectStoreToHost } from './ipc-bridge';

function organization(id: string): Entity {
  return {
    id,
    type: 'Organization',
    asset: { unique_id: id, name: id },
    tags: [],
    createdAt: '',
    updatedAt: '',
  };
}

/** A host whose snapshot holds `entities` at `seq`, and a way to send the store its events. */
function connected(snapshot: { seq: number; entities: Entity[] }) {
  const invoke = vi.fn(() => Promise.resolve(ok({ ...snapshot, edges: [] })));
  vi.stubGlobal('window', { api: { invoke, on: () => () => undefined } as unknown as AppApi });
  const store = createAppStore();
  store.getState().setActiveCase({ id: 'case-1', name: 'Case', createdAt: '', updatedAt: '', sizeBytes: 0 });
  store
    .getState()
    .resetFromSnapshot(
      { seq: 4, entities: [organization('Organization:a'), organization('Organization:b')], edges: [] },
      {},
    );
  const listeners = new Map<EventChannel, (payload: unknown) => void>();
  connectStoreToHost(store, (event, listener) => {
    listeners.set(event, listener as (payload: unknown) => void);
    return () => listeners.delete(event);
  });
  const send = <E extends EventChannel>(event: E, payload: EventMap[E]) => listeners.get(event)?.(payload);
  return { store, invoke, send };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('graph resets from the host', () => {
  it('reloads the graph after an undo, so removed nodes leave the canvas', async () => {
    const { store, invoke, send } = connected({ seq: 5, entities: [organization('Organization:a')] });
    send('graph:reset', { caseId: 'case-1', seq: 5 });
    await vi.waitFor(() => expect(store.getState().lastSeq).toBe(5));
    expect(invoke).toHaveBeenCalledWith('graph:get-snapshot', { caseId: 'case-1' });
    expect([...store.getState().entitiesById.keys()]).toEqual(['Organization:a']);
  });

  it('ignores a reset it has already seen, or one of another case', async () => {
    const { invoke, send } = connected({ seq: 5, entities: [] });
    send('graph:reset', { caseId: 'case-1', seq: 4 });
    send('graph:reset', { caseId: 'case-2', seq: 9 });
    await Promise.resolve();
    expect(invoke).not.toHaveBeenCalled();
  });
});
