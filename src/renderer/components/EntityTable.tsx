/**
 * The entity table beside the graph (docs/entity-table.md): every entity, or those of one type,
 * one column per field plus sources, confidence, first seen, last confirmed, flag and note;
 * sort by a header, filter by text, choose columns; a row click selects and shows the node, and
 * the node selected on the canvas is the row highlighted; copy the selected rows, export the view
 * as CSV. Rows are virtualised (@tanstack/react-virtual): 30,000 rows scroll as 30.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { labelContextOf, readableLabel } from '../graph/node-label';
import { downloadBlob } from '../store/actions';
import { appStore, useAppStore } from '../store/app-store';
import {
  cellText,
  columnsOf,
  rowOf,
  rowsToCsv,
  rowsToTsv,
  viewRows,
  type Column,
  type EntityRow,
  type TableView,
} from '../table/entity-rows';
import { ColumnChooser, TableHeader } from './EntityTableParts';
import { useCanvas } from './canvas-context';

const ROW_HEIGHT = 26;
const estimateSize = (): number => ROW_HEIGHT;

/** Every entity of the store as a row, rebuilt when the graph changes. */
function useRows(): EntityRow[] {
  const graphVersion = useAppStore((state) => state.graphVersion);
  return useMemo(() => {
    const state = appStore.getState();
    const context = labelContextOf(() => appStore.getState());
    const rows: EntityRow[] = [];
    for (const entity of state.entitiesById.values()) {
      const edges = [...(state.edgeIdsByEntity.get(entity.id) ?? [])]
        .map((id) => state.edgesById.get(id))
        .filter((edge) => edge !== undefined);
      rows.push(rowOf(entity, readableLabel(entity, context), edges));
    }
    return rows;
    // graphVersion stands for the maps' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [graphVersion]);
}

export function EntityTable() {
  const canvas = useCanvas();
  const allRows = useRows();
  // The timeline's range (docs/timeline.md) narrows the table as it narrows the canvas.
  const timeRange = useAppStore((state) => state.timeRange);
  const rows = useMemo(
    () => (timeRange === undefined ? allRows : allRows.filter((row) => timeRange.ids.has(row.id))),
    [allRows, timeRange],
  );
  const [view, setView] = useState<TableView>({ filter: '', sort: undefined });
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const selectedId = useAppStore((state) => state.selectedId);
  const typed = useMemo(
    () => rows.filter((row) => view.type === undefined || row.type === view.type),
    [rows, view.type],
  );
  const allColumns = useMemo(() => columnsOf(typed), [typed]);
  const columns = useMemo(() => allColumns.filter((column) => !hidden.has(column.key)), [allColumns, hidden]);
  const shown = useMemo(() => viewRows(rows, view), [rows, view]);
  const types = useMemo(() => [...new Set(rows.map((row) => row.type))].sort(), [rows]);
  const scroller = useRef<HTMLDivElement>(null);
  const getScrollElement = useCallback(() => scroller.current, []);
  // The virtualiser's functions are not memoisable by React's compiler, and need not be.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: shown.length,
    getScrollElement,
    estimateSize,
    overscan: 6,
  });
  // The node selected on the canvas brings its row into view ("and back").
  useEffect(() => {
    const index = selectedId === undefined ? -1 : shown.findIndex((row) => row.id === selectedId);
    if (index >= 0) {
      virtualizer.scrollToIndex(index, { align: 'auto' });
    }
    // Only a new selection scrolls; a re-sort keeps the reader's place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selectedId]);
  const template = `repeat(${columns.length}, minmax(110px, 1fr))`;
  // One function for the table's life, so a row still in view is not rendered again on scroll.
  const choose = useCallback(
    (row: EntityRow, add: boolean): void => {
      // Ctrl/Cmd+click gathers rows to copy; a plain click selects one (the canvas's selection).
      const selected = appStore.getState().selectedId;
      setPicked((current) => {
        if (!add) return new Set();
        const next = new Set(current);
        if (selected !== undefined) next.add(selected);
        if (next.has(row.id)) next.delete(row.id);
        else next.add(row.id);
        return next;
      });
      appStore.getState().selectEntity(row.id);
      canvas?.focus(row.id);
    },
    [canvas],
  );
  const items = virtualizer.getVirtualItems();
  // Read on copy only: a scroll re-renders the table and must not walk every row.
  const pickedRows = (): EntityRow[] => shown.filter((row) => picked.has(row.id) || row.id === selectedId);
  return (
    <section className="entity-table" aria-label="Entity table">
      <TableToolbar
        view={view}
        setView={setView}
        types={types}
        count={shown.length}
        total={allRows.length}
        onCopy={() => void navigator.clipboard?.writeText(rowsToTsv(pickedRows(), columns))}
        onExport={() =>
          downloadBlob(new Blob([rowsToCsv(shown, columns)], { type: 'text/csv' }), 'entities.csv')
        }
      >
        <ColumnChooser columns={allColumns} hidden={hidden} setHidden={setHidden} />
      </TableToolbar>
      <div className="entity-table-scroll contained" ref={scroller} data-testid="entity-table-scroll">
        <div role="table" aria-label="Entities" aria-rowcount={shown.length + 1}>
          <TableHeader columns={columns} template={template} view={view} setView={setView} />
          <div role="rowgroup" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {/* The rows in view move as one block: a row that stays in view keeps its props. */}
            <div
              role="presentation"
              className="entity-rows-window"
              style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}
            >
              {items.map((item) => {
                const row = shown[item.index];
                return row === undefined ? null : (
                  <TableRow
                    key={row.id}
                    row={row}
                    columns={columns}
                    template={template}
                    index={item.index}
                    selected={row.id === selectedId || picked.has(row.id)}
                    onChoose={choose}
                  />
                );
              })}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}

/** One row; memoised: on scroll only the rows coming into view render. */
const TableRow = memo(function TableRow(props: {
  row: EntityRow;
  columns: Column[];
  template: string;
  index: number;
  selected: boolean;
  onChoose: (row: EntityRow, add: boolean) => void;
}) {
  const { row, columns, template, index, selected, onChoose } = props;
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      data-id={row.id}
      className={`entity-row${selected ? ' selected' : ''}`}
      style={{ gridTemplateColumns: template, height: ROW_HEIGHT }}
      onClick={(event) => onChoose(row, event.ctrlKey || event.metaKey)}
    >
      {columns.map((column) => {
        const text = cellText(row, column.key);
        return (
          <div role="cell" key={column.key} title={text}>
            {column.key === 'flag' && row.flag !== '' ? (
              <span className={`flag-cell flag-${row.flag}`}>{row.flag}</span>
            ) : (
              text
            )}
          </div>
        );
      })}
    </div>
  );
});

function TableToolbar(props: {
  view: TableView;
  setView: (view: TableView) => void;
  types: string[];
  count: number;
  total: number;
  onCopy: () => void;
  onExport: () => void;
  children: ReactNode;
}) {
  const { view, setView } = props;
  return (
    <div className="entity-table-toolbar">
      <label>
        Type{' '}
        <select
          aria-label="Entity type"
          value={view.type ?? ''}
          onChange={(event) =>
            setView({ ...view, type: event.target.value === '' ? undefined : event.target.value })
          }
        >
          <option value="">All types</option>
          {props.types.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </label>
      <input
        aria-label="Filter entities"
        placeholder="Filter…"
        value={view.filter}
        onChange={(event) => setView({ ...view, filter: event.target.value })}
      />
      <span className="muted" data-testid="entity-table-count">
        {props.count} of {props.total}
      </span>
      {props.children}
      <button type="button" onClick={props.onCopy}>
        Copy rows
      </button>
      <button type="button" onClick={props.onExport}>
        Export view (CSV)
      </button>
    </div>
  );
}
