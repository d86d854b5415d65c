/**
 * A side panel of the workspace that can be hidden to give the canvas the room (on a 1366 px
 * screen the canvas had 52 % of the width with both panels open). The toggle is a button on the
 * panel's inner edge (Tab reaches it; [ and ] toggle the left and right panels from anywhere in
 * the workspace), and the choice is remembered per window (sessionStorage: a reload keeps it,
 * another window starts with both panels open). A hidden panel stays mounted: its shortcuts
 * (Ctrl+Z in the history) and its state (a half-typed seed) survive. See docs/ui.md.
 */
import type { ReactNode } from 'react';
import { useCallback, useState } from 'react';

export type PanelSide = 'left' | 'right';

type Collapsed = Record<PanelSide, boolean>;

const STORAGE_KEY = 'trace-graph.collapsed-panels';
const NONE_COLLAPSED: Collapsed = { left: false, right: false };

function readCollapsed(): Collapsed {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    if (typeof stored === 'object' && stored !== null) {
      const { left, right } = stored as Partial<Collapsed>;
      return { left: left === true, right: right === true };
    }
  } catch {
    // Storage unavailable or a stray value: both panels open, as on a first start.
  }
  return NONE_COLLAPSED;
}

function writeCollapsed(collapsed: Collapsed): void {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(collapsed));
  } catch {
    // Not remembered (storage unavailable): the panels still toggle.
  }
}

/** Which side panels are hidden in this window, and the toggle. */
export function usePanelCollapse(): Collapsed & { toggle: (side: PanelSide) => void } {
  const [collapsed, setCollapsed] = useState<Collapsed>(readCollapsed);
  const toggle = useCallback((side: PanelSide) => {
    setCollapsed((before) => {
      const next = { ...before, [side]: !before[side] };
      writeCollapsed(next);
      return next;
    });
  }, []);
  return { ...collapsed, toggle };
}

export function SidePanel({
  side,
  label,
  collapsed,
  onToggle,
  children,
}: {
  side: PanelSide;
  /** What the panel is, in words ("details panel"): the toggle says "Hide the details panel". */
  label: string;
  collapsed: boolean;
  onToggle: (side: PanelSide) => void;
  children: ReactNode;
}) {
  const bodyId = `side-panel-${side}`;
  const key = side === 'left' ? '[' : ']';
  // The arrow points where the panel goes: towards its edge to hide it, inwards to show it.
  const arrow = (side === 'left') === collapsed ? '›' : '‹';
  const toggle = (
    <button
      type="button"
      className="panel-toggle"
      aria-expanded={!collapsed}
      aria-controls={bodyId}
      aria-label={`${collapsed ? 'Show' : 'Hide'} the ${label}`}
      title={`${collapsed ? 'Show' : 'Hide'} the ${label} (${key})`}
      onClick={() => onToggle(side)}
    >
      {arrow}
    </button>
  );
  return (
    <div
      className={`side-panel side-panel-${side}`}
      data-collapsed={collapsed}
      data-testid={`side-panel-${side}`}
    >
      {side === 'right' && toggle}
      <div id={bodyId} className="side-panel-body" hidden={collapsed}>
        {children}
      </div>
      {side === 'left' && toggle}
    </div>
  );
}
