/**
 * The mounted canvas, handed to the components that act on it (toolbar, menus, panels, keys)
 * through React context instead of a module-level singleton: `CanvasProvider` wraps one
 * workspace, GraphCanvas registers the controller it mounts, and `useCanvas()` gives it (undefined
 * until the canvas is mounted). The workspace's undo reaches the canvas through its own history
 * dependencies (`useHistoryDeps()`), so the history store never looks a canvas up either.
 */
import type { ReactNode } from 'react';
import { createContext, useContext, useMemo, useRef, useState } from 'react';
import type { CanvasController, LayoutState } from '../graph/canvas-controller';
import type { HistoryDeps } from '../store/history-store';
import { appDeps } from '../store/history-store';

export const NO_LAYOUT: LayoutState = { running: undefined, canUndo: false, applied: undefined };

export interface CanvasHandle {
  controller: CanvasController | undefined;
  /** The re-layout running, whether it can be undone, and the layout applied last. */
  layout: LayoutState;
  history: HistoryDeps;
}

/** Provided by CanvasProvider (component tests provide a mounted controller directly). */
export const CanvasContext = createContext<CanvasHandle>({
  controller: undefined,
  layout: NO_LAYOUT,
  history: appDeps,
});

/** What GraphCanvas reports to the provider. */
interface CanvasMount {
  setController: (controller: CanvasController | undefined) => void;
  setLayout: (layout: LayoutState) => void;
}

const CanvasMountContext = createContext<CanvasMount>({
  setController: () => undefined,
  setLayout: () => undefined,
});

/** The workspace's canvas controller; undefined before the canvas is mounted (or outside one). */
export function useCanvas(): CanvasController | undefined {
  return useContext(CanvasContext).controller;
}

export function useLayoutState(): LayoutState {
  return useContext(CanvasContext).layout;
}

/** History dependencies whose undo moves this workspace's canvas (undo of a move, a re-layout). */
export function useHistoryDeps(): HistoryDeps {
  return useContext(CanvasContext).history;
}

export function useCanvasMount(): CanvasMount {
  return useContext(CanvasMountContext);
}

export function CanvasProvider({ children }: { children: ReactNode }) {
  const [controller, setControllerState] = useState<CanvasController | undefined>(undefined);
  const [layout, setLayout] = useState<LayoutState>(NO_LAYOUT);
  // The history's undo runs outside renders: it reads the controller mounted now.
  const current = useRef<CanvasController | undefined>(undefined);
  // One object per workspace: Ctrl+Z presses queue per history dependencies (history-actions.ts).
  const history = useMemo<HistoryDeps>(() => ({ ...appDeps, canvas: () => current.current }), []);
  const mount = useMemo<CanvasMount>(
    () => ({
      setController: (next) => {
        current.current = next;
        setControllerState(() => next);
      },
      setLayout,
    }),
    [],
  );
  const handle = useMemo(() => ({ controller, layout, history }), [controller, layout, history]);
  return (
    <CanvasMountContext.Provider value={mount}>
      <CanvasContext.Provider value={handle}>{children}</CanvasContext.Provider>
    </CanvasMountContext.Provider>
  );
}
