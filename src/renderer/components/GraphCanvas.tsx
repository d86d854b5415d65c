/** The Cytoscape canvas: one instance for the component's life, fed from the store outside React renders. */
import cytoscape from 'cytoscape';
import type { Core, NodeSingular } from 'cytoscape';
import { useEffect, useRef, useState } from 'react';
import type { NodePositions } from '../../shared/ipc/contract';
import type { EntityId } from '../../shared/model/asset';
import type { GraphDelta } from '../../shared/model/graph';
import { findCanvasController, setCanvasController } from '../graph/canvas-controller';
import type { CyAdapter } from '../graph/cy-adapter';
import { createCyAdapter } from '../graph/cy-adapter';
import { createDeltaScheduler, redrawIntervalMs } from '../graph/delta-scheduler';
import type { WorkerLayout } from '../graph/layout-client';
import { startWorkerLayout } from '../graph/layout-client';
import type { Theme } from '../graph/cy-style';
import { buildStylesheet, isLargeGraph } from '../graph/cy-style';
import { savePositions } from '../store/actions';
import { appStore } from '../store/app-store';

export interface ContextMenuRequest {
  id: EntityId;
  x: number;
  y: number;
}

/** With the lean stylesheet, node labels are drawn from this zoom on (10 px text reads as 7 px)... */
const LABEL_ZOOM = 0.7;
/** ...and only while at most this many nodes are in view. */
const MAX_LABELLED = 600;

function systemTheme(): Theme {
  return window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function currentPositions(cy: Core): NodePositions {
  const positions: NodePositions = {};
  cy.nodes().forEach((node) => {
    positions[node.id()] = { ...node.position() };
  });
  return positions;
}

export function GraphCanvas({
  onContextMenu,
}: {
  onContextMenu: (request: ContextMenuRequest | undefined) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [layoutRunning, setLayoutRunning] = useState(false);
  const menuHandler = useRef(onContextMenu);
  useEffect(() => {
    menuHandler.current = onContextMenu;
  });

  useEffect(() => {
    const element = container.current;
    if (element === null) {
      return;
    }
    const cy = cytoscape({
      container: element,
      style: buildStylesheet(systemTheme()),
      wheelSensitivity: 0.3,
      minZoom: 0.02,
      maxZoom: 4,
      textureOnViewport: true,
      hideEdgesOnViewport: true,
      pixelRatio: 1,
      motionBlur: false,
      boxSelectionEnabled: true,
    });
    const adapter: CyAdapter = createCyAdapter(cy);
    let layout: WorkerLayout | undefined;
    let saveTimer: ReturnType<typeof setTimeout> | undefined;
    const scheduleSave = (): void => {
      if (saveTimer === undefined) {
        saveTimer = setTimeout(() => {
          saveTimer = undefined;
          void savePositions(appStore, adapter.takeDirtyPositions());
        }, 1_500);
      }
    };

    const theme = window.matchMedia('(prefers-color-scheme: dark)');
    let large = false;
    const onTheme = (): void => {
      cy.style(buildStylesheet(systemTheme(), large));
    };
    /** Switches between the full and the lean stylesheet; called before elements are added where possible. */
    const chooseStylesheetFor = (nodeCount: number): void => {
      if (large !== isLargeGraph(nodeCount)) {
        large = !large;
        onTheme();
      }
    };
    theme.addEventListener('change', onTheme);

    // Lean stylesheet: labels only for the nodes in view once zoomed in far enough to read them.
    let labelTimer: ReturnType<typeof setTimeout> | undefined;
    const labelNodesInView = (): void => {
      labelTimer = undefined;
      const labelled = cy.nodes('.labelled');
      if (!large || cy.zoom() < LABEL_ZOOM) {
        labelled.removeClass('labelled');
        return;
      }
      const extent = cy.extent();
      const inView = cy.nodes().filter((node) => {
        const { x, y } = node.position();
        return x >= extent.x1 && x <= extent.x2 && y >= extent.y1 && y <= extent.y2;
      });
      if (inView.length > MAX_LABELLED) {
        labelled.removeClass('labelled');
        return;
      }
      cy.batch(() => {
        labelled.difference(inView).removeClass('labelled');
        inView.addClass('labelled');
      });
    };
    cy.on('viewport', () => {
      if (large) {
        clearTimeout(labelTimer);
        scheduler.dispose();
        labelTimer = setTimeout(labelNodesInView, 200);
      }
    });

    /** Counts on the element, for screen readers' summaries and for the end-to-end tests. */
    const publishCounts = (): void => {
      element.dataset.nodes = String(cy.nodes().length);
      element.dataset.edges = String(cy.edges().length);
      element.dataset.visibleNodes = String(cy.nodes().not('.filtered').length);
    };
    const applyDeltas = (deltas: GraphDelta[]): void => {
      const wasEmpty = cy.nodes().empty();
      chooseStylesheetFor(cy.nodes().length + deltas.reduce((sum, delta) => sum + delta.entities.length, 0));
      const added = adapter.applyDeltas(deltas);
      if (wasEmpty && added.length > 0) {
        cy.fit(undefined, 60);
        if (cy.zoom() > 1.5) {
          cy.zoom(1.5);
          cy.center();
        }
      }
      scheduleSave();
      publishCounts();
    };
    // Deltas are applied in time slices (a few ms per frame), never all at once.
    const scheduler = createDeltaScheduler({
      apply: applyDeltas,
      minIntervalMs: () => redrawIntervalMs(cy.nodes().length),
    });
    let drawnVersion = -1;
    const draw = (): void => {
      const state = appStore.getState();
      if (state.snapshotVersion !== drawnVersion) {
        drawnVersion = state.snapshotVersion;
        scheduler.clear();
        const keep = state.entitiesById.size === 0 ? {} : currentPositions(cy);
        // The stylesheet is chosen before the elements exist: a restyle of 25,000 elements is seconds.
        cy.elements().remove();
        chooseStylesheetFor(state.entitiesById.size);
        adapter.reset(state.entitiesById.values(), state.edgesById.values(), {
          ...state.savedPositions,
          ...keep,
        });
        state.takePendingDeltas();
        if (cy.nodes().nonempty()) {
          cy.fit(undefined, 40);
          if (cy.zoom() > 1.5) {
            cy.zoom(1.5);
            cy.center();
          }
        }
        scheduleSave();
        publishCounts();
        return;
      }
      const deltas = state.takePendingDeltas();
      if (deltas.length > 0) {
        scheduler.push(deltas);
      }
    };
    // Draw at most once per frame, however many deltas arrive.
    let frame: number | undefined;
    const scheduleDraw = (): void => {
      frame ??= requestAnimationFrame(() => {
        frame = undefined;
        draw();
      });
    };
    const initial = appStore.getState();
    adapter.applyFilters({
      hiddenTypes: initial.hiddenTypes,
      hiddenSources: initial.hiddenSources,
      hiddenIds: initial.hiddenIds,
    });
    draw();
    const stopGraph = appStore.subscribe((state, previous) => {
      if (
        state.pendingDeltas !== previous.pendingDeltas ||
        state.snapshotVersion !== previous.snapshotVersion
      ) {
        if (state.pendingDeltas.length > 0 || state.snapshotVersion !== drawnVersion) {
          scheduleDraw();
        }
      }
      if (
        state.hiddenTypes !== previous.hiddenTypes ||
        state.hiddenSources !== previous.hiddenSources ||
        state.hiddenIds !== previous.hiddenIds
      ) {
        adapter.applyFilters({
          hiddenTypes: state.hiddenTypes,
          hiddenSources: state.hiddenSources,
          hiddenIds: state.hiddenIds,
        });
        publishCounts();
      }
      if (state.selectedId !== previous.selectedId) {
        cy.batch(() => {
          cy.$(':selected').unselect();
          if (state.selectedId !== undefined) {
            cy.getElementById(state.selectedId).select();
          }
        });
      }
    });

    cy.on('tap', 'node', (event) => {
      appStore.getState().selectEntity((event.target as NodeSingular).id());
      menuHandler.current(undefined);
    });
    cy.on('tap', (event) => {
      if (event.target === cy) {
        appStore.getState().selectEntity(undefined);
        menuHandler.current(undefined);
      }
    });
    cy.on('cxttap', 'node', (event) => {
      const node = event.target as NodeSingular;
      appStore.getState().selectEntity(node.id());
      const rendered = event.renderedPosition ?? node.renderedPosition();
      menuHandler.current({ id: node.id(), x: rendered.x, y: rendered.y });
    });
    cy.on('dragfree', 'node', scheduleSave);

    setCanvasController({
      fit: () => cy.fit(cy.elements().not('.filtered'), 40),
      zoomBy: (factor) =>
        cy.zoom({ level: cy.zoom() * factor, renderedPosition: { x: cy.width() / 2, y: cy.height() / 2 } }),
      relayout: () => {
        // fcose runs in a worker (draft quality above 1,500 nodes); Stop terminates it.
        layout?.stop();
        setLayoutRunning(true);
        const running = startWorkerLayout(adapter.layoutInput(), (message) => {
          appStore.getState().setNotice({ kind: 'error', text: `Re-layout failed: ${message}` });
        });
        layout = running;
        void running.done.then((positions) => {
          if (positions !== undefined) {
            adapter.applyPositions(positions);
            cy.fit(cy.elements().not('.filtered'), 30);
            scheduleSave();
          }
          if (layout === running) {
            layout = undefined;
            setLayoutRunning(false);
          }
        });
      },
      stopLayout: () => layout?.stop(),
      png: () =>
        cy.png({
          output: 'blob-promise',
          full: true,
          scale: 1,
          bg: getComputedStyle(element).backgroundColor,
        }),
      jumpTo: (text) => {
        const id = adapter.findNode(text);
        if (id === undefined) {
          return false;
        }
        appStore.getState().selectEntity(id);
        cy.animate(
          { center: { eles: cy.getElementById(id) }, zoom: Math.max(cy.zoom(), 1) },
          { duration: 250 },
        );
        return true;
      },
      selectNeighbours: (id) => {
        cy.getElementById(id).closedNeighborhood().not('.filtered').select();
      },
      focus: (id) => {
        cy.animate({ center: { eles: cy.getElementById(id) } }, { duration: 250 });
      },
    });

    return () => {
      setCanvasController(undefined);
      stopGraph();
      theme.removeEventListener('change', onTheme);
      if (frame !== undefined) {
        cancelAnimationFrame(frame);
      }
      clearTimeout(labelTimer);
      scheduler.dispose();
      layout?.stop();
      if (saveTimer !== undefined) {
        clearTimeout(saveTimer);
        void savePositions(appStore, adapter.takeDirtyPositions());
      }
      cy.destroy();
    };
  }, []);

  return (
    <div className="canvas-wrap">
      <div
        ref={container}
        className="canvas"
        role="img"
        aria-label="Investigation graph"
        data-testid="graph-canvas"
      />
      {layoutRunning && (
        <div className="layout-running" role="status">
          Laying out…{' '}
          <button type="button" onClick={() => findCanvasController()?.stopLayout()}>
            Stop
          </button>
        </div>
      )}
    </div>
  );
}
