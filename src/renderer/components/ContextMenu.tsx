/**
 * The node context menu (right-click): enrich now, refresh, look up the domain (for names that
 * pivot to one), hide, select neighbours, copy value; then every handler that applies to the
 * node's type with its last run and cache state, each run alone on the node when chosen.
 */
import { useEffect, useRef, useState } from 'react';
import type { HandlerState } from '../../shared/model/handler-state';
import { invoke } from '../api';
import { expandNode, runHandlerOn } from '../store/actions';
import { appStore } from '../store/app-store';
import { beginMerge } from '../store/history-actions';
import { copyValueOf } from './entity-value';
import { useEnrichBlockedReason } from './enrich-blocked';
import { HandlerItems } from './HandlerItems';
import { pivotsToDomainRecord } from './pivot-menu';
import type { ContextMenuRequest } from './GraphCanvas';
import { useCanvas } from './canvas-context';

interface HandlerAnswer {
  entityId: string;
  /** The handlers, or why they could not be read. */
  handlers: HandlerState[] | string;
  /** When the answer came (ms since epoch): the "2 h ago" are counted from it. */
  at: number;
}

/** The handlers of a node as the engine states them; undefined until the answer for this node came. */
function useHandlerStates(entityId: string): HandlerAnswer | undefined {
  const [answer, setAnswer] = useState<HandlerAnswer | undefined>();
  useEffect(() => {
    let current = true;
    const caseId = appStore.getState().activeCase?.id;
    if (caseId === undefined) {
      return;
    }
    void invoke('entity:handlers', { caseId, entityId }).then((result) => {
      if (current) {
        setAnswer({
          entityId,
          handlers: result.ok ? result.value.handlers : result.error.message,
          at: Date.now(),
        });
      }
    });
    return () => {
      current = false;
    };
  }, [entityId]);
  return answer?.entityId === entityId ? answer : undefined;
}

export function ContextMenu({ request, onClose }: { request: ContextMenuRequest; onClose: () => void }) {
  const canvas = useCanvas();
  const menu = useRef<HTMLUListElement>(null);
  useEffect(() => {
    menu.current?.querySelector('button')?.focus();
  }, [request]);
  const act = (action: () => void) => () => {
    action();
    onClose();
  };
  const answer = useHandlerStates(request.id);
  const blocked = useEnrichBlockedReason();
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
          // Closing the menu is all Escape does here: the app-wide Escape would also deselect.
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <li role="none">
        <button
          type="button"
          role="menuitem"
          disabled={blocked !== undefined}
          title={blocked}
          onClick={act(() => void expandNode(appStore, request.id, false))}
        >
          Enrich now
        </button>
      </li>
      <li role="none">
        <button
          type="button"
          role="menuitem"
          disabled={blocked !== undefined}
          title={blocked}
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
            disabled={blocked !== undefined}
            title={blocked}
            onClick={act(() => void expandNode(appStore, request.id, false))}
          >
            Look up its domain (RDAP, WHOIS)
          </button>
        </li>
      )}
      <li role="none">
        <button type="button" role="menuitem" onClick={act(() => canvas?.selectNeighbours(request.id))}>
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
      <li role="separator" className="menu-separator" />
      <li role="none" className="menu-heading muted">
        Sources for this {entity?.type ?? 'node'}
      </li>
      <HandlerItems
        handlers={answer?.handlers}
        now={answer?.at ?? 0}
        blockedReason={blocked}
        onRun={(handler, action) =>
          act(() => {
            if (action.verb === 'retry') {
              appStore.getState().markRetried(request.id, new Date().toISOString());
            }
            void runHandlerOn(appStore, request.id, handler, action.refresh);
          })()
        }
      />
    </ul>
  );
}
