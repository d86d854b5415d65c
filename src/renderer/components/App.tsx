/** The app shell: the case list, or the workspace of the open case, plus settings and notices. */
import { useEffect, useState } from 'react';
import { findCanvasController } from '../graph/canvas-controller';
import { expandNode, loadSettings } from '../store/actions';
import { appStore, useAppStore } from '../store/app-store';
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
import { TeamCaseBanner } from './TeamCaseBanner';
import { Toolbar } from './Toolbar';

/** Keyboard shortcuts of the workspace: / search, F fit, L re-layout, +/- zoom, E enrich, H hide, Esc deselect. */
function useShortcuts(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) {
      return;
    }
    const onKey = (event: KeyboardEvent): void => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) {
        return;
      }
      const canvas = findCanvasController();
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
        default:
          break;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [enabled]);
}

function Workspace() {
  const [menu, setMenu] = useState<ContextMenuRequest | undefined>();
  useShortcuts(true);
  return (
    <div className="workspace">
      <Toolbar />
      <TeamCaseBanner />
      <div className="panes">
        <div className="sidebar">
          <SeedForm />
          <ImportSeeds />
          <ProgressPanel />
          <FilterPanel />
          <PathsPanel />
          <HistoryPanel />
          <ChangesPanel />
        </div>
        <div className="centre centre-stack">
          <div className="canvas-area">
            <GraphCanvas onContextMenu={setMenu} />
            {menu !== undefined && <ContextMenu request={menu} onClose={() => setMenu(undefined)} />}
          </div>
          <EntityTablePanel />
        </div>
        <DetailsPanel />
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
