/**
 * The details panel's raw source records: every reply a node was read from, one per source and
 * handler (GLEIF records, RDAP and WHOIS replies behind contacts...), with where and when it came.
 * Read from main when the section is opened, so a graph streaming in costs no requests.
 */
import { helperLabel } from '../../shared/model/raw-record-order';
import { useEffect, useState } from 'react';
import type { EntityId } from '../../shared/model/asset';
import type { RawRecord } from '../../shared/model/graph';
import { invoke } from '../api';
import { appStore } from '../store/app-store';
import { formatDate } from './format';

/** JSON replies indented for reading (up to a size where that would stall the panel). */
export function readableText(text: string): string {
  if (text.length > 200_000) {
    return text;
  }
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

export function RawRecordList({ records }: { records: RawRecord[] }) {
  return (
    <ul className="raw-records">
      {records.map((record) => (
        <li
          key={`${record.source}|${record.handler}|${record.url}|${record.receivedAt}`}
          data-testid="raw-record"
        >
          <div>
            <strong>{record.source}</strong>{' '}
            <span className="muted">
              {record.handler}, {formatDate(record.receivedAt)}
            </span>
          </div>
          {helperLabel(record.url) !== undefined && <div className="muted">{helperLabel(record.url)}</div>}
          <div className="muted raw-url">{record.url}</div>
          <pre>{readableText(record.text)}</pre>
        </li>
      ))}
    </ul>
  );
}

interface RawAnswer {
  entityId: EntityId;
  records: RawRecord[] | string;
}

export function RawRecords({
  entityId,
  storedOnRecord,
}: {
  entityId: EntityId;
  storedOnRecord: string | undefined;
}) {
  const [open, setOpen] = useState(false);
  const [answer, setAnswer] = useState<RawAnswer | undefined>();
  useEffect(() => {
    const caseId = appStore.getState().activeCase?.id;
    if (!open || caseId === undefined) {
      return;
    }
    let current = true;
    void invoke('entity:raw', { caseId, entityId }).then((result) => {
      if (current) {
        setAnswer({ entityId, records: result.ok ? result.value.records : result.error.message });
      }
    });
    return () => {
      current = false;
    };
  }, [open, entityId]);
  const records = answer?.entityId === entityId ? answer.records : undefined;
  return (
    <details
      className="raw"
      onToggle={(event) => setOpen(event.currentTarget.open)}
      data-testid="raw-records"
    >
      <summary>Raw source records</summary>
      {records === undefined && <p className="muted">Reading…</p>}
      {typeof records === 'string' && <p className="muted">Could not read them: {records}</p>}
      {Array.isArray(records) && records.length > 0 && <RawRecordList records={records} />}
      {Array.isArray(records) && records.length === 0 && storedOnRecord === undefined && (
        <p className="muted">
          No source reply is kept for this node (entered by hand, or found before raw records were kept).
        </p>
      )}
      {storedOnRecord !== undefined && (
        <>
          <h4>Reply stored on the record</h4>
          <pre>{readableText(storedOnRecord)}</pre>
        </>
      )}
    </details>
  );
}
