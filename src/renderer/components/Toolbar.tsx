/** The workspace toolbar: search with jump-to-node, fit/zoom, re-layout, export, settings, back to cases. */
import { useState } from 'react';
import type { ExportFormat } from '../../shared/ipc/contract';
import type { SearchPosition } from '../graph/canvas-controller';
import { findCanvasController } from '../graph/canvas-controller';
import type { LayoutKind } from '../graph/layouts/types';
import { exportFileName } from '../../shared/util/file-name';
import { closeCase, downloadBlob, exportGraph } from '../store/actions';
import { appStore, useAppStore } from '../store/app-store';
import { selectEdgeCount, selectEntityCount } from '../store/selectors';

export function Toolbar() {
  const activeCase = useAppStore((state) => state.activeCase);
  const entities = useAppStore(selectEntityCount);
  const edges = useAppStore(selectEdgeCount);
  const searchText = useAppStore((state) => state.searchText);
  const [found, setFound] = useState<SearchPosition | undefined>(undefined);
  const searchMiss = found?.total === 0;
  const [exportOpen, setExportOpen] = useState(false);
  const [layoutKind, setLayoutKind] = useState<LayoutKind>('force');

  const runExport = async (format: ExportFormat | 'png' | 'png2' | 'png4' | 'svg'): Promise<void> => {
    setExportOpen(false);
    const name = activeCase?.name ?? 'graph';
    if (format === 'svg') {
      const svg = findCanvasController()?.svg();
      if (svg !== undefined) {
        downloadBlob(new Blob([svg], { type: 'image/svg+xml' }), exportFileName(name, 'svg'));
      }
      return;
    }
    if (format === 'png' || format === 'png2' || format === 'png4') {
      const scale = format === 'png' ? 1 : format === 'png2' ? 2 : 4;
      const blob = await findCanvasController()?.png(scale);
      if (blob !== undefined) {
        downloadBlob(blob, exportFileName(name, 'png', scale === 1 ? undefined : `${scale}x`));
      }
      return;
    }
    await exportGraph(appStore, format);
  };

  return (
    <header className="toolbar">
      <button type="button" onClick={() => closeCase(appStore)} aria-label="Back to the case list">
        ← Cases
      </button>
      <h1 className="case-name">{activeCase?.name}</h1>
      <span className="muted" data-testid="graph-counts" aria-live="polite">
        {entities} nodes, {edges} edges
      </span>
      <form
        role="search"
        className="search"
        onSubmit={(event) => {
          event.preventDefault();
          // Enter runs the search; Enter again (same text) goes to the next hit.
          const canvas = findCanvasController();
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
              setFound(findCanvasController()?.searchStep(-1));
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
              onClick={() => setFound(findCanvasController()?.searchStep(-1))}
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
              onClick={() => setFound(findCanvasController()?.searchStep(1))}
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
      <div className="group" role="group" aria-label="View">
        <button type="button" onClick={() => findCanvasController()?.fit()} title="Fit (F)">
          Fit
        </button>
        <button
          type="button"
          onClick={() => findCanvasController()?.zoomBy(1.25)}
          aria-label="Zoom in"
          title="Zoom in (+)"
        >
          +
        </button>
        <button
          type="button"
          onClick={() => findCanvasController()?.zoomBy(0.8)}
          aria-label="Zoom out"
          title="Zoom out (-)"
        >
          −
        </button>
        <select
          aria-label="Layout"
          value={layoutKind}
          onChange={(event) => setLayoutKind(event.target.value as LayoutKind)}
        >
          <option value="force">Force</option>
          <option value="hierarchical">Hierarchical</option>
          <option value="concentric">Concentric</option>
          <option value="grid">Grid</option>
        </select>
        <button
          type="button"
          onClick={() => findCanvasController()?.relayout(layoutKind)}
          title="Re-layout (L)"
        >
          Re-layout
        </button>
      </div>
      <div className="menu">
        <button
          type="button"
          aria-haspopup="menu"
          aria-expanded={exportOpen}
          onClick={() => setExportOpen(!exportOpen)}
        >
          Export
        </button>
        {exportOpen && (
          <ul role="menu" className="menu-list" aria-label="Export formats">
            {(
              [
                ['json', 'JSON'],
                ['graphml', 'GraphML (Gephi, Cytoscape desktop)'],
                ['gexf', 'GEXF (Gephi)'],
                ['csv', 'CSV (nodes and edges)'],
                ['png', 'PNG image of the whole graph (1x)'],
                ['png2', 'PNG image, 2x'],
                ['png4', 'PNG image, 4x'],
                ['svg', 'SVG drawing of the graph'],
              ] as const
            ).map(([format, label]) => (
              <li key={format} role="none">
                <button type="button" role="menuitem" onClick={() => void runExport(format)}>
                  {label}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <button type="button" onClick={() => appStore.getState().setSettingsOpen(true)}>
        Settings
      </button>
    </header>
  );
}
