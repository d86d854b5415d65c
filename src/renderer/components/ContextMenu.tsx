/**
 * The node context menu (right-click): enrich now, refresh, look up the domain (for names that
 * pivot to one), hide, select neighbours, copy value.
 */
import { useEffect, useRef } from 'react';
import { findCanvasController } from '../graph/canvas-controller';
import { expandNode } from '../store/actions';
import { appStore } from '../store/app-store';
import { beginMerge } from '../store/history-actions';
import { copyValueOf } from './DetailsPanel';
import { pivotsToDomainRecord } from './pivot-menu';
import type { ContextMenuRequest } from './GraphCanvas';

export function ContextMenu({ request, onClose }: { request: ContextMenuRequest; onClose: () => void }) {
  const menu = useRef<HTMLUListElement>(null);
  useEffect(() => {
    menu.current?.querySelector('button')?.focus();
  }, [request]);
  const act = (action: () => void) => () => {
    action();
    onClose();
  };
  const entity = appStore.getState().entitiesById.get(request.id);
  // The pivots run as the node's handlers, so the item enriches the node (docs/rdap.md).
  const pivotsToDomain = entity !== undefined && pivotsToDomainRecord(entity);
  return (
    <ul
      ref={menu}
      role="menu"
      aria-label="Node actions"
      className="context-menu"
      style={{ left: request.x, top: request.y }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          onClose();
        }
      }}
    >
      <li role="none">
        <button
          type="button"
          role="menuitem"
          onClick={act(() => void expandNode(appStore, request.id, false))}
        >
          Enrich now
        </button>
      </li>
      <li role="none">
        <button
          type="button"
          role="menuitem"
          onClick={act(() => void expandNode(appStore, request.id, true))}
        >
          Refresh (ignore TTL)
        </button>
      </li>
      {pivotsToDomain && (
        <li role="none">
          <button
            type="button"
            role="menuitem"
            onClick={act(() => void expandNode(appStore, request.id, false))}
          >
            Look up its domain (RDAP, WHOIS)
          </button>
        </li>
      )}
      <li role="none">
        <button
          type="button"
          role="menuitem"
          onClick={act(() => findCanvasController()?.selectNeighbours(request.id))}
        >
          Select neighbours
        </button>
      </li>
      <li role="none">
        <button type="button" role="menuitem" onClick={act(() => appStore.getState().hideEntity(request.id))}>
          Hide
        </button>
      </li>
      <li role="none">
        <button type="button" role="menuitem" onClick={act(() => beginMerge(request.id))}>
          Merge into…
        </button>
      </li>
      {entity !== undefined && (
        <li role="none">
          <button
            type="button"
            role="menuitem"
            onClick={act(() => void navigator.clipboard?.writeText(copyValueOf(entity)))}
          >
            Copy value
          </button>
        </li>
      )}
    </ul>
  );
}
