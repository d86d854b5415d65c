/**
 * "Import seeds": a pasted or opened list of seeds (docs/seed-lists.md), read with the same rules
 * as `cli enrich --seeds-file`; bad lines are listed with their number and reason, the good ones
 * start one run (up to 10,000 seeds, queued by the engine).
 */
import { useDeferredValue, useMemo, useState } from 'react';
import { SEED_TYPES, type SeedType } from '../../shared/model/seed';
import { MAX_SEEDS_PER_RUN, parseSeedList, problemLine, type SeedList } from '../../shared/model/seed-list';
import { startSession } from '../store/actions';
import { appStore, useAppStore } from '../store/app-store';
import { useEnrichBlockedReason } from './enrich-blocked';

/** Bad lines shown at once; the count says how many more there are. */
const SHOWN_PROBLEMS = 200;

export function ImportSeeds() {
  const depth = useAppStore((state) => state.settings?.values.depth ?? 2);
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [listType, setListType] = useState<SeedType | ''>('');
  const [column, setColumn] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const blocked = useEnrichBlockedReason();
  const deferredText = useDeferredValue(text);
  const list = useMemo(
    () => (deferredText.trim() === '' ? undefined : readList(deferredText, listType, column)),
    [deferredText, listType, column],
  );

  if (!open) {
    return (
      <button type="button" className="import-seeds-open" onClick={() => setOpen(true)}>
        Import seeds…
      </button>
    );
  }

  const start = async (): Promise<void> => {
    if (list === undefined || list.inputs.length === 0 || blocked !== undefined) {
      return;
    }
    setBusy(true);
    const message = await startSession(appStore, list.inputs, depth);
    setBusy(false);
    setError(message);
    if (message === undefined) {
      setText('');
      setOpen(false);
    }
  };

  return (
    <section className="import-seeds" aria-label="Import seeds">
      <h2>Import seeds</h2>
      <label htmlFor="import-seeds-text">One seed per line (Type=value), or a CSV</label>
      <textarea
        id="import-seeds-text"
        rows={6}
        value={text}
        placeholder={
          'Organization=Acme Holdings Ltd\nDomainRecord=example.com\n# comments and blank lines are skipped'
        }
        onChange={(event) => setText(event.target.value)}
      />
      <label htmlFor="import-seeds-file">Or open a file (.txt, .csv)</label>
      <input
        id="import-seeds-file"
        type="file"
        accept=".txt,.csv,.tsv,text/plain,text/csv"
        onChange={(event) => void readFile(event.target.files?.[0], setText, setError)}
      />
      <ListOptions listType={listType} setListType={setListType} column={column} setColumn={setColumn} />
      {list !== undefined && <ListSummary list={list} />}
      <div className="import-seeds-actions">
        <button
          type="button"
          disabled={busy || blocked !== undefined || list === undefined || list.inputs.length === 0}
          onClick={() => void start()}
        >
          {list === undefined ? 'Start' : `Start (${list.inputs.length} seeds)`}
        </button>
        <button type="button" onClick={() => setOpen(false)}>
          Close
        </button>
      </div>
      {blocked !== undefined && <p className="muted">{blocked}</p>}
      {error !== undefined && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}

function readList(text: string, listType: SeedType | '', column: string): SeedList {
  return parseSeedList(text, {
    ...(listType === '' ? {} : { type: listType }),
    ...(column.trim() === '' ? {} : { column: column.trim() }),
  });
}

async function readFile(
  file: File | undefined,
  setText: (text: string) => void,
  setError: (error: string | undefined) => void,
): Promise<void> {
  if (file === undefined) {
    return;
  }
  try {
    setText(await file.text());
    setError(undefined);
  } catch (error) {
    setError(`cannot read ${file.name}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function ListOptions(props: {
  listType: SeedType | '';
  setListType: (type: SeedType | '') => void;
  column: string;
  setColumn: (column: string) => void;
}) {
  return (
    <div className="import-seeds-options">
      <label htmlFor="import-seeds-type">Type of lines without one</label>
      <select
        id="import-seeds-type"
        value={props.listType}
        onChange={(event) => props.setListType(event.target.value as SeedType | '')}
      >
        <option value="">None: every line says Type=value</option>
        {(Object.keys(SEED_TYPES) as SeedType[]).map((type) => (
          <option key={type} value={type}>
            {type}
          </option>
        ))}
      </select>
      <label htmlFor="import-seeds-column">CSV column (header name; empty: one seed per line)</label>
      <input
        id="import-seeds-column"
        value={props.column}
        onChange={(event) => props.setColumn(event.target.value)}
      />
    </div>
  );
}

function ListSummary({ list }: { list: SeedList }) {
  const extra = [
    list.duplicates > 0 ? `${list.duplicates} repeated` : '',
    list.overLimit > 0 ? `${list.overLimit} over the limit of ${MAX_SEEDS_PER_RUN} per run` : '',
  ].filter(Boolean);
  return (
    <div className="import-seeds-summary">
      <p data-testid="import-seeds-count">
        {list.inputs.length} seeds ready, {list.problems.length} bad lines
        {extra.length > 0 ? ` (${extra.join(', ')} left out)` : ''}
      </p>
      {list.problems.length > 0 && (
        <ul className="import-seeds-problems" aria-label="Bad lines">
          {list.problems.slice(0, SHOWN_PROBLEMS).map((problem) => (
            <li key={problem.line}>{problemLine(problem)}</li>
          ))}
          {list.problems.length > SHOWN_PROBLEMS && <li>and {list.problems.length - SHOWN_PROBLEMS} more</li>}
        </ul>
      )}
    </div>
  );
}
