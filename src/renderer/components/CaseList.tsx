/**
 * The case list: create, open, rename, save a copy, delete (with confirmation); names, dates and
 * sizes; below it the team cases (TeamCases.tsx).
 */
import { useEffect, useState } from 'react';
import type { CaseSummary } from '../../shared/ipc/contract';
import { copyCase, createCase, deleteCase, openCase, refreshCases, renameCase } from '../store/actions';
import { appStore, useAppStore } from '../store/app-store';
import { formatBytes, formatDate } from './format';
import { TeamCases } from './TeamCases';

function CaseRow({ item }: { item: CaseSummary }) {
  const [renaming, setRenaming] = useState(false);
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

  return (
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
      </td>
      <td>{formatDate(item.createdAt)}</td>
      <td>{formatDate(item.updatedAt)}</td>
      <td className="number">{formatBytes(item.sizeBytes)}</td>
      <td className="actions">
        {confirming ? (
          <span role="alertdialog" aria-label={`Delete ${item.name}?`}>
            Delete “{item.name}”?{' '}
            <button
              type="button"
              className="danger"
              onClick={() => {
                setConfirming(false);
                void deleteCase(appStore, item.id);
              }}
            >
              Delete
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
              onClick={() => void copyCase(appStore, item.id)}
              aria-label={`Save a copy of ${item.name}`}
            >
              Save a copy
            </button>{' '}
            <button type="button" onClick={() => setConfirming(true)} aria-label={`Delete ${item.name}`}>
              Delete
            </button>
          </>
        )}
      </td>
    </tr>
  );
}

export function CaseList() {
  const cases = useAppStore((state) => state.cases);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    void refreshCases(appStore);
  }, []);

  return (
    <main className="case-list">
      <div className="case-list-head">
        <h1>Cases</h1>
        <button type="button" onClick={() => appStore.getState().setSettingsOpen(true)}>
          Settings
        </button>
      </div>
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
            {cases.map((item) => (
              <CaseRow key={item.id} item={item} />
            ))}
          </tbody>
        </table>
      )}
      <TeamCases />
    </main>
  );
}
