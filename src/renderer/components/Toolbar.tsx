/** The workspace toolbar: search with jump-to-node, fit/zoom, re-layout, export, settings, back to cases. */
import { useState } from 'react';
import type { ExportFormat } from '../../shared/ipc/contract';
import type { CanvasController, SearchPosition } from '../graph/canvas-controller';
import type { LayoutKind } from '../graph/layouts/types';
import { exportFileName } from '../../shared/util/file-name';
import { closeCase, downloadBlob, exportGraph } from '../store/actions';
import { appStore, useAppStore } from '../store/app-store';
import { selectEdgeCount, selectEntityCount } from '../store/selectors';
import { useCanvas, useLayoutState } from './canvas-context';

export function Toolbar() {
  const activeCase = useAppStore((state) => state.activeCase);
  const entities = useAppStore(selectEntityCount);
  const edges = useAppStore(selectEdgeCount);
  const canvas = useCanvas();
  return (
    <header className="toolbar">
      <button type="button" onClick={() => closeCase(appStore)} aria-label="Back to the case list">
        ← Cases
      </button>
      <h1 className="case-name">{activeCase?.name}</h1>
      <span className="muted" data-testid="graph-counts" aria-live="polite">
        {entities} nodes, {edges} edges
      </span>
      <SearchBox canvas={canvas} />
      <ViewControls canvas={canvas} />
      <ExportMenu canvas={canvas} caseName={activeCase?.name ?? 'graph'} />
      <button type="button" onClick={() => appStore.getState().setSettingsOpen(true)}>
        Settings
      </button>
    </header>
  );
}

/** Search with jump-to-node: Enter searches, Enter again goes to the next hit, Shift+Enter back. */
function SearchBox({ canvas }: { canvas: CanvasController | undefined }) {
  const searchText = useAppStore((state) => state.searchText);
  const [found, setFound] = useState<SearchPosition | undefined>(undefined);
  const searchMiss = found?.total === 0;
  return (
    <form
      role="search"
      className="search"
      onSubmit={(event) => {
        event.preventDefault();
        // Enter runs the search; Enter again (same text) goes to the next hit.
        setFound(found === undefined ? canvas?.search(searchText) : canvas?.searchStep(1));
      }}
    >
      <input
        id="search"
        type="search"
        aria-label="Search nodes (press / )"
        placeholder="Search nodes  /"
        value={searchText}
        aria-invalid={searchMiss}
        onChange={(event) => {
          appStore.getState().setSearchText(event.target.value);
          setFound(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && event.shiftKey && found !== undefined) {
            event.preventDefault();
            setFound(canvas?.searchStep(-1));
          }
        }}
      />
      <button type="submit">Find</button>
      {found !== undefined && found.total > 0 && (
        <>
          <button
            type="button"
            aria-label="Previous match"
            title="Previous match (Shift+Enter)"
            onClick={() => setFound(canvas?.searchStep(-1))}
          >
            ‹
          </button>
          <span role="status" data-testid="search-position">
            {found.index + 1} of {found.total}
          </span>
          <button
            type="button"
            aria-label="Next match"
            title="Next match (Enter)"
            onClick={() => setFound(canvas?.searchStep(1))}
          >
            ›
          </button>
        </>
      )}
      {searchMiss && (
        <span role="status" className="error">
          No match
        </span>
      )}
    </form>
  );
}

const LAYOUT_CHOICES: readonly (readonly [LayoutKind, string])[] = [
  ['force', 'Force'],
  ['hierarchical', 'Hierarchical'],
  ['concentric', 'Concentric'],
  ['grid', 'Grid'],
];

/**
 * Fit, zoom and re-layout. The layout list shows the layout applied last (marked ✓ and chosen in
 * the list when it finishes); another choice is applied by Re-layout (docs/ui.md, "Layout menu").
 */
function ViewControls({ canvas }: { canvas: CanvasController | undefined }) {
  const { applied } = useLayoutState();
  // The user's pick holds until a layout is applied; then the list shows the applied one.
  const [picked, setPicked] = useState<{ kind: LayoutKind; whileApplied: LayoutKind | undefined }>();
  const layoutKind =
    picked !== undefined && picked.whileApplied === applied ? picked.kind : (applied ?? 'force');
  const appliedName = LAYOUT_CHOICES.find(([kind]) => kind === applied)?.[1];
  return (
    <div className="group" role="group" aria-label="View">
      <button type="button" onClick={() => canvas?.fit()} title="Fit (F)">
        Fit
      </button>
      <button type="button" onClick={() => canvas?.zoomBy(1.25)} aria-label="Zoom in" title="Zoom in (+)">
        +
      </button>
      <button type="button" onClick={() => canvas?.zoomBy(0.8)} aria-label="Zoom out" title="Zoom out (-)">
        −
      </button>
      <select
        aria-label="Layout"
        title={appliedName === undefined ? 'Layout to apply' : `Applied: ${appliedName} (✓)`}
        data-applied={applied ?? ''}
        value={layoutKind}
        onChange={(event) => setPicked({ kind: event.target.value as LayoutKind, whileApplied: applied })}
      >
        {LAYOUT_CHOICES.map(([kind, name]) => (
          <option key={kind} value={kind}>
            {kind === applied ? `${name} ✓` : name}
          </option>
        ))}
      </select>
      <button type="button" onClick={() => canvas?.relayout(layoutKind)} title="Re-layout (L)">
        Re-layout
      </button>
    </div>
  );
}

type ExportChoice = ExportFormat | 'png' | 'png2' | 'png4' | 'svg';

const EXPORT_CHOICES: readonly (readonly [ExportChoice, string])[] = [
  ['json', 'JSON'],
  ['graphml', 'GraphML (Gephi, Cytoscape desktop)'],
  ['gexf', 'GEXF (Gephi)'],
  ['csv', 'CSV (nodes and edges)'],
  ['png', 'PNG image of the graph'],
  ['png2', 'PNG image, 2x'],
  ['png4', 'PNG image, 4x'],
  ['svg', 'SVG drawing of the graph'],
];

/** Pictures come from the canvas (what is drawn); data formats from the case, through the host. */
async function runExport(
  canvas: CanvasController | undefined,
  name: string,
  format: ExportChoice,
): Promise<void> {
  if (format === 'svg') {
    const svg = canvas?.svg();
    if (svg !== undefined) {
      downloadBlob(new Blob([svg], { type: 'image/svg+xml' }), exportFileName(name, 'svg'));
    }
    return;
  }
  if (format === 'png' || format === 'png2' || format === 'png4') {
    const scale = format === 'png' ? 1 : format === 'png2' ? 2 : 4;
    const blob = await canvas?.png(scale);
    if (blob !== undefined) {
      downloadBlob(blob, exportFileName(name, 'png', scale === 1 ? undefined : `${scale}x`));
    }
    return;
  }
  await exportGraph(appStore, format);
}

function ExportMenu({ canvas, caseName }: { canvas: CanvasController | undefined; caseName: string }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="menu">
      <button type="button" aria-haspopup="menu" aria-expanded={open} onClick={() => setOpen(!open)}>
        Export
      </button>
      {open && (
        <ul role="menu" className="menu-list" aria-label="Export formats">
          {EXPORT_CHOICES.map(([format, label]) => (
            <li key={format} role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setOpen(false);
                  void runExport(canvas, caseName, format);
                }}
              >
                {label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
