/** The app shell: the case list, or the workspace of the open case, plus settings and notices. */
import { useEffect, useState } from 'react';
import type { CanvasController } from '../graph/canvas-controller';
import { expandNode, loadSettings } from '../store/actions';
import { appStore, useAppStore } from '../store/app-store';
import { CanvasProvider, useCanvas } from './canvas-context';
import { CaseList } from './CaseList';
import { ContextMenu } from './ContextMenu';
import { DetailsPanel } from './DetailsPanel';
import { FilterPanel } from './FilterPanel';
import type { ContextMenuRequest } from './GraphCanvas';
import { GraphCanvas } from './GraphCanvas';
import { HistoryPanel } from './HistoryPanel';
import { ChangesPanel } from './ChangesPanel';
import { isTyping } from './keys';
import { PathsPanel } from './PathsPanel';
import { ProgressPanel } from './ProgressPanel';
import { EntityTablePanel } from './EntityTablePanel';
import { ImportSeeds } from './ImportSeeds';
import { SeedForm } from './SeedForm';
import { SettingsDialog } from './SettingsDialog';
import type { PanelSide } from './SidePanel';
import { SidePanel, usePanelCollapse } from './SidePanel';
import { TeamCaseBanner } from './TeamCaseBanner';
import { Toolbar } from './Toolbar';

/**
 * Keyboard shortcuts of the workspace: / search, F fit, L re-layout, +/- zoom, E enrich, H hide,
 * Esc deselect, [ and ] hide or show the left and right side panels.
 */
function useShortcuts(canvas: CanvasController | undefined, togglePanel: (side: PanelSide) => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) {
        return;
      }
      const selected = appStore.getState().selectedId;
      switch (event.key) {
        case '/':
          event.preventDefault();
          document.getElementById('search')?.focus();
          break;
        case 'f':
          canvas?.fit();
          break;
        case 'l':
          canvas?.relayout();
          break;
        case '+':
        case '=':
          canvas?.zoomBy(1.25);
          break;
        case '-':
          canvas?.zoomBy(0.8);
          break;
        case 'e':
          if (selected !== undefined) {
            void expandNode(appStore, selected, false);
          }
          break;
        case 'h':
          if (selected !== undefined) {
            appStore.getState().hideEntity(selected);
          }
          break;
        case 'Escape':
          appStore.getState().selectEntity(undefined);
          break;
        case '[':
          togglePanel('left');
          break;
        case ']':
          togglePanel('right');
          break;
        default:
          break;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canvas, togglePanel]);
}

/** One open case: the canvas controller it mounts is handed down by context (canvas-context.tsx). */
function Workspace() {
  return (
    <CanvasProvider>
      <WorkspacePanes />
    </CanvasProvider>
  );
}

function WorkspacePanes() {
  const [menu, setMenu] = useState<ContextMenuRequest | undefined>();
  const panels = usePanelCollapse();
  useShortcuts(useCanvas(), panels.toggle);
  return (
    <div className="workspace">
      <Toolbar />
      <TeamCaseBanner />
      <div className="panes">
        <SidePanel side="left" label="investigation panel" collapsed={panels.left} onToggle={panels.toggle}>
          <div className="sidebar">
            <SeedForm />
            <ImportSeeds />
            <ProgressPanel />
            <FilterPanel />
            <PathsPanel />
            <HistoryPanel />
            <ChangesPanel />
          </div>
        </SidePanel>
        <div className="centre centre-stack">
          <div className="canvas-area">
            <GraphCanvas onContextMenu={setMenu} />
            {menu !== undefined && <ContextMenu request={menu} onClose={() => setMenu(undefined)} />}
          </div>
          <EntityTablePanel />
        </div>
        <SidePanel side="right" label="details panel" collapsed={panels.right} onToggle={panels.toggle}>
          <DetailsPanel />
        </SidePanel>
      </div>
    </div>
  );
}

/** How long an information notice stays before it fades. */
export const INFO_NOTICE_MS = 6_000;

export function App() {
  const activeCase = useAppStore((state) => state.activeCase);
  const notice = useAppStore((state) => state.notice);
  useEffect(() => {
    void loadSettings(appStore);
  }, []);
  // An information notice fades on its own; an error stays until it is dismissed (read).
  useEffect(() => {
    if (notice?.kind !== 'info') {
      return undefined;
    }
    const timer = setTimeout(() => {
      if (appStore.getState().notice === notice) {
        appStore.getState().setNotice(undefined);
      }
    }, INFO_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  // A notice belongs to the case it was raised in.
  const shown = notice !== undefined && notice.caseId === activeCase?.id ? notice : undefined;
  return (
    <>
      {shown !== undefined && (
        <div className={`notice notice-${shown.kind}`} role={shown.kind === 'error' ? 'alert' : 'status'}>
          {shown.text}{' '}
          <button type="button" onClick={() => appStore.getState().setNotice(undefined)} aria-label="Dismiss">
            ✕
          </button>
        </div>
      )}
      {activeCase === undefined ? <CaseList /> : <Workspace key={activeCase.id} />}
      <SettingsDialog />
    </>
  );
}
