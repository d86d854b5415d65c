/** The entity table under the canvas, opened and closed by its own bar (closed by default). */
import { useState } from 'react';
import { EntityTable } from './EntityTable';

export function EntityTablePanel() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <div className="entity-table-bar">
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide table' : 'Entity table'}
        </button>
      </div>
      {open && <EntityTable />}
    </>
  );
}
