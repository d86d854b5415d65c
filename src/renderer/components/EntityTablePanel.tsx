/**
 * The bar under the canvas: it opens and closes the timeline strip and the entity table (both
 * closed by default).
 */
import { useState } from 'react';
import { EntityTable } from './EntityTable';
import { TimelineStrip } from './TimelineStrip';

export function EntityTablePanel() {
  const [open, setOpen] = useState(false);
  const [timeline, setTimeline] = useState(false);
  return (
    <>
      {timeline && <TimelineStrip />}
      <div className="entity-table-bar">
        <button type="button" aria-expanded={timeline} onClick={() => setTimeline(!timeline)}>
          {timeline ? 'Hide timeline' : 'Timeline'}
        </button>
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide table' : 'Entity table'}
        </button>
      </div>
      {open && <EntityTable />}
    </>
  );
}
