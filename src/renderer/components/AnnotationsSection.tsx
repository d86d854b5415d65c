/**
 * Notes and flag of the selected entity or edge (docs/notes-and-flags.md), in the details panel:
 * the flag with who set it, every note with its author and time, and a field to add one.
 */
import { useState } from 'react';
import { FLAG_COLOURS, FLAG_NAMES, type Annotated, type FlagName } from '../../shared/model/annotation';
import { setAnnotation } from '../store/annotation-actions';
import { formatDate } from './format';

/**
 * The notes and flag of one entity or edge, as both details panels show them: keyed by its id, so
 * a half-typed note and an error belong to the item they were typed on.
 */
export function NotesAndFlag({ item }: { item: Annotated & { id: string } }) {
  return <AnnotationsSection key={item.id} target={item.id} item={item} />;
}

export function AnnotationsSection({ target, item }: { target: string; item: Annotated }) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const run = async (change: { note?: string; flag?: FlagName }): Promise<boolean> => {
    setBusy(true);
    const message = await setAnnotation(target, change);
    setBusy(false);
    setError(message);
    return message === undefined;
  };
  return (
    <section className="annotations" aria-label="Notes and flag">
      <h3>Notes and flag</h3>
      <div className="annotation-flag">
        <label htmlFor="annotation-flag">Flag</label>
        <select
          id="annotation-flag"
          value={item.flag?.name ?? 'none'}
          disabled={busy}
          onChange={(event) => void run({ flag: event.target.value as FlagName })}
        >
          {FLAG_NAMES.map((name) => (
            <option key={name} value={name}>
              {name === 'star' ? '★ star' : name}
            </option>
          ))}
        </select>
        {item.flag !== undefined && (
          <span className="muted" data-testid="flag-by">
            <span
              className="flag-swatch"
              style={{ background: FLAG_COLOURS[item.flag.name] }}
              aria-hidden="true"
            />{' '}
            set by {item.flag.author}, {formatDate(item.flag.createdAt)}
          </span>
        )}
      </div>
      {(item.notes ?? []).length > 0 && (
        <ul className="notes" aria-label="Notes">
          {(item.notes ?? []).map((note, index) => (
            <li key={`${note.createdAt}-${index}`}>
              <p className="note-text">{note.text}</p>
              <p className="muted">
                {note.author}, {formatDate(note.createdAt)}
              </p>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor="annotation-note">Add a note</label>
      <textarea
        id="annotation-note"
        rows={3}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
      />
      <button
        type="button"
        disabled={busy || draft.trim() === ''}
        onClick={() =>
          void run({ note: draft }).then((done) => {
            if (done) setDraft('');
          })
        }
      >
        Add note
      </button>
      {error !== undefined && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  );
}
