/**
 * The case list: create, open, open a case file from anywhere, rename, save a copy as, delete
 * (with confirmation); names, dates and sizes; files in the cases folder that are not cases, with
 * the reason; below it the team cases (TeamCases.tsx). It refreshes when the host says the cases
 * changed (a file appeared in or went from the cases folder).
 */
import { Fragment, useEffect, useState } from 'react';
import type { CaseSummary } from '../../shared/ipc/contract';
import { createCase, deleteCase, openCase, refreshCases, renameCase } from '../store/actions';
import { appStore, useAppStore } from '../store/app-store';
import { OpenCaseFileButton, OpenCaseFileForm, SaveCopyAsForm, startSaveCopyAs } from './CaseFileForms';
import { formatBytes, formatDate } from './format';
import { TeamCases } from './TeamCases';

/** A file in the cases folder that is not a case: listed so it is not a mystery, never opened. */
function UnreadableRow({ item }: { item: CaseSummary }) {
  return (
    <tr data-testid="case-row" className="unreadable">
      <td>
        {item.name}
        <div className="case-file-note">Cannot be opened as a case: {item.unreadable}</div>
      </td>
      <td>{formatDate(item.createdAt)}</td>
      <td>{formatDate(item.updatedAt)}</td>
      <td className="number">{formatBytes(item.sizeBytes)}</td>
      <td className="actions" />
    </tr>
  );
}

function CaseRow({ item }: { item: CaseSummary }) {
  const [renaming, setRenaming] = useState(false);
  const [copying, setCopying] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(item.name);
  const [error, setError] = useState<string | undefined>();

  const submitRename = async (): Promise<void> => {
    const message = await renameCase(appStore, item.id, name);
    setError(message);
    if (message === undefined) {
      setRenaming(false);
    }
  };

  // A case file from elsewhere on disk is the user's file there: it leaves the list, never the disk.
  const outside = item.file !== undefined;
  return (
    <Fragment>
      <tr data-testid="case-row">
        <td>
          {renaming ? (
            <form
              className="inline-form"
              onSubmit={(event) => {
                event.preventDefault();
                void submitRename();
              }}
            >
              <input
                aria-label={`New name for ${item.name}`}
                value={name}
                onChange={(event) => setName(event.target.value)}
                autoFocus
              />
              <button type="submit">Save</button>
              <button type="button" onClick={() => setRenaming(false)}>
                Cancel
              </button>
              {error !== undefined && (
                <span role="alert" className="error">
                  {error}
                </span>
              )}
            </form>
          ) : (
            <button type="button" className="link" onClick={() => void openCase(appStore, item.id)}>
              {item.name}
            </button>
          )}
          {outside && <div className="case-file-note">{item.file}</div>}
        </td>
        <td>{formatDate(item.createdAt)}</td>
        <td>{formatDate(item.updatedAt)}</td>
        <td className="number">{formatBytes(item.sizeBytes)}</td>
        <td className="actions">
          {confirming ? (
            <span
              role="alertdialog"
              aria-label={outside ? `Remove ${item.name} from the list?` : `Delete ${item.name}?`}
            >
              {outside
                ? `Remove “${item.name}” from the list? The file stays where it is.`
                : `Delete “${item.name}”?`}{' '}
              <button
                type="button"
                className="danger"
                onClick={() => {
                  setConfirming(false);
                  void deleteCase(appStore, item.id);
                }}
              >
                {outside ? 'Remove' : 'Delete'}
              </button>{' '}
              <button type="button" onClick={() => setConfirming(false)}>
                Keep
              </button>
            </span>
          ) : (
            <>
              <button
                type="button"
                onClick={() => void openCase(appStore, item.id)}
                aria-label={`Open ${item.name}`}
              >
                Open
              </button>{' '}
              <button type="button" onClick={() => setRenaming(true)} aria-label={`Rename ${item.name}`}>
                Rename
              </button>{' '}
              <button
                type="button"
                onClick={() => startSaveCopyAs(item, () => setCopying(true))}
                aria-label={`Save a copy of ${item.name} as`}
              >
                Save a copy as…
              </button>{' '}
              <button
                type="button"
                onClick={() => setConfirming(true)}
                aria-label={outside ? `Remove ${item.name} from the list` : `Delete ${item.name}`}
              >
                {outside ? 'Remove' : 'Delete'}
              </button>
            </>
          )}
        </td>
      </tr>
      {copying && (
        <tr className="case-form-row">
          <td colSpan={5}>
            <SaveCopyAsForm item={item} onDone={() => setCopying(false)} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

export function CaseList() {
  const cases = useAppStore((state) => state.cases);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [openingFile, setOpeningFile] = useState(false);

  useEffect(() => {
    void refreshCases(appStore);
  }, []);

  return (
    <main className="case-list">
      <div className="case-list-head">
        <h1>Cases</h1>
        <div className="case-list-tools">
          <OpenCaseFileButton onAsk={() => setOpeningFile(true)} />
          <button type="button" onClick={() => appStore.getState().setSettingsOpen(true)}>
            Settings
          </button>
        </div>
      </div>
      {openingFile && <OpenCaseFileForm onDone={() => setOpeningFile(false)} />}
      <form
        className="new-case"
        onSubmit={(event) => {
          event.preventDefault();
          void createCase(appStore, name).then((message) => {
            setError(message);
            if (message === undefined) {
              setName('');
            }
          });
        }}
      >
        <label htmlFor="new-case-name">New case</label>
        <input
          id="new-case-name"
          value={name}
          placeholder="e.g. Acme supplier review"
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit">Create case</button>
        {error !== undefined && (
          <span role="alert" className="error">
            {error}
          </span>
        )}
      </form>
      {cases.length === 0 ? (
        <p className="empty">No cases yet. Create one to start an investigation.</p>
      ) : (
        <table aria-label="Cases">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Created</th>
              <th scope="col">Last changed</th>
              <th scope="col">Size</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {cases.map((item) =>
              item.unreadable === undefined ? (
                <CaseRow key={item.id} item={item} />
              ) : (
                <UnreadableRow key={item.id} item={item} />
              ),
            )}
          </tbody>
        </table>
      )}
      <TeamCases />
    </main>
  );
}
