/** The entity table's header (sort by a click) and its column chooser (EntityTable.tsx). */
import type { Column, TableView } from '../table/entity-rows';

export function TableHeader(props: {
  columns: Column[];
  template: string;
  view: TableView;
  setView: (view: TableView) => void;
}) {
  const { columns, template, view, setView } = props;
  const sortBy = (key: string): void => {
    const descending = view.sort?.key === key ? !view.sort.descending : false;
    setView({ ...view, sort: { key, descending } });
  };
  return (
    <div role="rowgroup" className="entity-table-head">
      <div role="row" aria-rowindex={1} className="entity-row" style={{ gridTemplateColumns: template }}>
        {columns.map((column) => {
          const sorted = view.sort?.key === column.key;
          const direction = sorted ? (view.sort?.descending === true ? 'descending' : 'ascending') : 'none';
          return (
            <div role="columnheader" key={column.key} aria-sort={direction}>
              <button type="button" className="link" onClick={() => sortBy(column.key)}>
                {column.title}
                {sorted ? (view.sort?.descending === true ? ' ▼' : ' ▲') : ''}
              </button>
            </div>
          );
        })}
      </div>
    </div>
  );
}

export function ColumnChooser(props: {
  columns: Column[];
  hidden: ReadonlySet<string>;
  setHidden: (hidden: ReadonlySet<string>) => void;
}) {
  const { columns, hidden, setHidden } = props;
  return (
    <details className="column-chooser">
      <summary>Columns</summary>
      <fieldset aria-label="Columns shown">
        {columns.map((column) => (
          <label key={column.key}>
            <input
              type="checkbox"
              checked={!hidden.has(column.key)}
              onChange={(event) => {
                const next = new Set(hidden);
                if (event.target.checked) next.delete(column.key);
                else next.add(column.key);
                setHidden(next);
              }}
            />{' '}
            {column.title}
          </label>
        ))}
      </fieldset>
    </details>
  );
}
