/**
 * "Open case file..." and "Save a copy as..." in the case list. The desktop app asks through the
 * system's own dialogs; a browser page cannot read a file's path from its picker, so the web
 * host's page asks for the path (pasted from a file manager, `~/...` or a `file://` address) and
 * for a name and a folder (docs/ui.md, "Case files").
 */
import { useState } from 'react';
import type { CaseSummary } from '../../shared/ipc/contract';
import { openCaseFile, saveCaseCopyAs } from '../store/actions';
import { appStore } from '../store/app-store';

/** True in the desktop app (its main process shows native file dialogs), false in the web host's page. */
export function hasNativeFileDialogs(): boolean {
  return import.meta.env.MODE !== 'web';
}

function FormError({ message }: { message: string | undefined }) {
  return message === undefined ? null : (
    <span role="alert" className="error">
      {message}
    </span>
  );
}

/**
 * The "Open case file..." button: the desktop app's dialog at once, or `onAsk` to show the web
 * host's path form.
 */
export function OpenCaseFileButton({ onAsk }: { onAsk: () => void }) {
  const [error, setError] = useState<string | undefined>();
  return (
    <>
      <button
        type="button"
        onClick={() => {
          if (hasNativeFileDialogs()) {
            void openCaseFile(appStore).then(setError);
          } else {
            onAsk();
          }
        }}
      >
        Open case file…
      </button>
      <FormError message={error} />
    </>
  );
}

/** The web host's "Open case file..." form: the file's path. */
export function OpenCaseFileForm({ onDone }: { onDone: () => void }) {
  const [path, setPath] = useState('');
  const [error, setError] = useState<string | undefined>();
  return (
    <form
      className="case-file-form"
      aria-label="Open case file"
      onSubmit={(event) => {
        event.preventDefault();
        void openCaseFile(appStore, path).then((message) => {
          setError(message);
          if (message === undefined) {
            onDone();
          }
        });
      }}
    >
      <label htmlFor="case-file-path">Case file</label>
      <input
        id="case-file-path"
        value={path}
        placeholder="/home/you/cases/acme.sqlite"
        onChange={(event) => setPath(event.target.value)}
        autoFocus
      />
      <button type="submit" disabled={path.trim() === ''}>
        Open
      </button>
      <button type="button" onClick={onDone}>
        Cancel
      </button>
      <p className="muted hint">
        The full path of a case file anywhere on this computer (copy it from your file manager). It is checked
        without being changed, then opened where it is.
      </p>
      <FormError message={error} />
    </form>
  );
}

/** The web host's "Save a copy as..." form for one case: the copy's name and its folder. */
export function SaveCopyAsForm({ item, onDone }: { item: CaseSummary; onDone: () => void }) {
  const [name, setName] = useState(`${item.name} (copy)`);
  const [folder, setFolder] = useState('');
  const [error, setError] = useState<string | undefined>();

  return (
    <form
      className="case-file-form"
      aria-label={`Save a copy of ${item.name} as`}
      onSubmit={(event) => {
        event.preventDefault();
        void saveCaseCopyAs(appStore, item.id, { name, folder }).then((message) => {
          setError(message);
          if (message === undefined) {
            onDone();
          }
        });
      }}
    >
      <label htmlFor={`copy-name-${item.id}`}>Name of the copy</label>
      <input
        id={`copy-name-${item.id}`}
        value={name}
        onChange={(event) => setName(event.target.value)}
        autoFocus
      />
      <label htmlFor={`copy-folder-${item.id}`}>Folder</label>
      <input
        id={`copy-folder-${item.id}`}
        value={folder}
        placeholder="the cases folder"
        onChange={(event) => setFolder(event.target.value)}
      />
      <button type="submit" disabled={name.trim() === ''}>
        Save copy
      </button>
      <button type="button" onClick={onDone}>
        Cancel
      </button>
      <FormError message={error} />
    </form>
  );
}

/** Starts "Save a copy as...": the desktop app's save dialog at once, or the web host's form. */
export function startSaveCopyAs(item: CaseSummary, showForm: () => void): void {
  if (hasNativeFileDialogs()) {
    void saveCaseCopyAs(appStore, item.id).then((message) => {
      if (message !== undefined) {
        appStore.getState().setNotice({ kind: 'error', text: message });
      }
    });
  } else {
    showForm();
  }
}
