/**
 * The Cytoscape canvas: one instance for the component's life, driven by the canvas controller
 * (graph/canvas-controller.ts), which is fed from the store outside React renders. This component
 * only mounts it and shows the re-layout status (Stop while running, Undo once finished).
 */
import cytoscape from 'cytoscape';
import { useEffect, useRef, useState } from 'react';
import type { EntityId } from '../../shared/model/asset';
import { mountCanvas } from '../graph/canvas-controller';
import type { Theme } from '../graph/cy-style';
import { CANVAS_OPTIONS } from '../graph/cy-options';
import { buildStylesheet } from '../graph/cy-style';
import { startWorkerLayout } from '../graph/layout-client';
import { invoke } from '../api';
import { savePositions } from '../store/actions';
import { appStore } from '../store/app-store';
import { ReviewNotice } from './CandidateList';
import { GraphLegend } from './GraphLegend';
import type { HoverRequest } from './HoverCard';
import { HoverCard } from './HoverCard';
import { undoLatestOfKind } from '../store/history-actions';
import { recordHistory } from '../store/history-store';
import { trackDrags } from '../graph/drag-history';
import { useCanvas, useCanvasMount, useHistoryDeps, useLayoutState } from './canvas-context';
import { inNextTask } from '../next-task';
import { installStyleCachePatch } from '../graph/style-cache-patch';

export interface ContextMenuRequest {
  id: EntityId;
  x: number;
  y: number;
}

const LAYOUT_NAMES = {
  force: 'force-directed',
  hierarchical: 'hierarchical',
  concentric: 'concentric',
  grid: 'grid',
} as const;

function systemTheme(): Theme {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

interface GraphMountDeps {
  setController: ReturnType<typeof useCanvasMount>['setController'];
  setLayout: ReturnType<typeof useCanvasMount>['setLayout'];
  setHover: (request: HoverRequest | undefined) => void;
  historyDeps: ReturnType<typeof useHistoryDeps>;
  menuHandler: { current: (request: ContextMenuRequest | undefined) => void };
}

/** Creates the Cytoscape instance in `element` and mounts the canvas controller on it; returns the undo. */
function mountGraph(
  element: HTMLDivElement,
  { setController, setLayout, setHover, historyDeps, menuHandler }: GraphMountDeps,
): () => void {
  // The custom wheel sensitivity is deliberate (cy-options.ts); Cytoscape warns about it on
  // every mount, which cost 0.2 s of the task opening a case whenever DevTools (or a test
  // driver) listens to the console. Its other warnings stay on.
  cytoscape.warnings(false);
  const cy = cytoscape({
    container: element,
    style: buildStylesheet(systemTheme()),
    ...CANVAS_OPTIONS,
  });
  cytoscape.warnings(true);
  installStyleCachePatch(cy);
  const mounted = mountCanvas({
    cy,
    dataset: element.dataset,
    store: appStore,
    savePositions: (positions) => void savePositions(appStore, positions),
    startLayout: startWorkerLayout,
    onContextMenu: (request) => menuHandler.current(request),
    onLayoutState: setLayout,
    onHover: (request) =>
      setHover(
        request === undefined
          ? undefined
          : { ...request, area: { width: element.clientWidth, height: element.clientHeight } },
      ),
    onRelayout: (before) => recordHistory({ kind: 'relayout', before }, historyDeps),
    // The seeds are the entities the case's runs started from (an investigator's own actions,
    // such as a merge, are not runs).
    seedsOf: async (caseId) => {
      const sessions = await invoke('history:list-sessions', { caseId });
      return sessions.ok
        ? sessions.value.filter((run) => run.action === undefined).flatMap((run) => run.seeds)
        : [];
    },
    theme: systemTheme,
    background: () => getComputedStyle(element).backgroundColor,
    requestFrame: (callback) => requestAnimationFrame(callback),
    cancelFrame: (handle) => cancelAnimationFrame(handle),
    // A delta batch is applied in a task after the frame; Cytoscape redraws it in the next one.
    afterFrame: inNextTask,
  });
  setController(mounted.controller);
  const stopDragHistory = trackDrags(cy, (before) => recordHistory({ kind: 'move', before }, historyDeps));
  const theme = window.matchMedia('(prefers-color-scheme: dark)');
  theme.addEventListener('change', mounted.restyle);
  return () => {
    setController(undefined);
    stopDragHistory();
    theme.removeEventListener('change', mounted.restyle);
    mounted.dispose();
    cy.destroy();
  };
}

export function GraphCanvas({
  onContextMenu,
}: {
  onContextMenu: (request: ContextMenuRequest | undefined) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const { setController, setLayout } = useCanvasMount();
  const canvas = useCanvas();
  const layout = useLayoutState();
  const historyDeps = useHistoryDeps();
  const [hover, setHover] = useState<HoverRequest | undefined>(undefined);
  const menuHandler = useRef(onContextMenu);
  useEffect(() => {
    menuHandler.current = onContextMenu;
  });

  useEffect(() => {
    const element = container.current;
    if (element === null) {
      return;
    }
    // Mounted in a task of its own: opening a big case, the store's reset and React's render of
    // the case view are one task already (0.2-0.3 s at 30,000 entities); Cytoscape's construction
    // and the canvas controller come after it (issue 23: no task over 200 ms while a case opens).
    let unmount: (() => void) | undefined;
    const timer = setTimeout(() => {
      unmount = mountGraph(element, { setController, setLayout, setHover, historyDeps, menuHandler });
    }, 0);
    return () => {
      clearTimeout(timer);
      unmount?.();
    };
  }, [setController, setLayout, historyDeps]);

  return (
    <div className="canvas-wrap">
      <div
        ref={container}
        className="canvas"
        role="img"
        aria-label="Investigation graph"
        data-testid="graph-canvas"
      />
      <ReviewNotice />
      <GraphLegend />
      <HoverCard hover={hover} />
      {layout.running !== undefined && (
        <div className="layout-running" role="status">
          Laying out ({LAYOUT_NAMES[layout.running]})…{' '}
          <button type="button" onClick={() => canvas?.stopLayout()}>
            Stop
          </button>
        </div>
      )}
      {layout.running === undefined && layout.canUndo && (
        <div className="layout-running" role="status">
          Re-layout done.{' '}
          <button
            type="button"
            onClick={() =>
              void undoLatestOfKind('relayout', historyDeps).then((undone) => undone || canvas?.undoLayout())
            }
          >
            Undo re-layout
          </button>
        </div>
      )}
    </div>
  );
}
