/** Settings: API keys per source (status only; set, replace, remove), source endpoints, TTL, default depth. */
import { useEffect, useRef, useState } from 'react';
import type { CredentialSourceStatus, EditableSettings } from '../../shared/ipc/contract';
import { deleteCredential, loadSettings, saveSettings, setCredential } from '../store/actions';
import { appStore, useAppStore } from '../store/app-store';

function KeyRow({
  status,
  keychainAvailable,
}: {
  status: CredentialSourceStatus;
  keychainAvailable: boolean;
}) {
  const [secret, setSecret] = useState('');
  const [thisRunOnly, setThisRunOnly] = useState(!keychainAvailable);
  const [message, setMessage] = useState<{ error: boolean; text: string } | undefined>();
  const where =
    status.origin === 'environment'
      ? ' (from the environment)'
      : status.origin === 'memory'
        ? ' (this run only)'
        : status.origin === 'keychain'
          ? ' (OS keychain)'
          : '';
  return (
    <fieldset className="key-row" aria-label={`API key for ${status.source}`}>
      <legend>{status.source}</legend>
      <p data-testid={`key-status-${status.source}`}>
        {status.configured ? `Configured${where}` : 'Not configured'}
      </p>
      <form
        className="inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          void setCredential(appStore, status.source, secret, thisRunOnly ? 'this-run' : 'keychain').then(
            (error) => {
              setMessage(
                error === undefined ? { error: false, text: 'Saved.' } : { error: true, text: error },
              );
              if (error === undefined) {
                setSecret('');
              }
            },
          );
        }}
      >
        <label htmlFor={`key-${status.source}`}>{status.configured ? 'Replace key' : 'Key'}</label>
        <input
          id={`key-${status.source}`}
          type="password"
          autoComplete="off"
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
        />
        <label className="check">
          <input
            type="checkbox"
            checked={thisRunOnly}
            onChange={(event) => setThisRunOnly(event.target.checked)}
          />
          This run only
        </label>
        <button type="submit" disabled={secret.trim() === ''}>
          {status.configured ? 'Replace' : 'Save key'}
        </button>
        {status.configured && status.origin !== 'environment' && (
          <button
            type="button"
            onClick={() =>
              void deleteCredential(appStore, status.source).then((error) =>
                setMessage(
                  error === undefined ? { error: false, text: 'Removed.' } : { error: true, text: error },
                ),
              )
            }
          >
            Remove
          </button>
        )}
      </form>
      {message !== undefined && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'error' : 'muted'}>
          {message.text}
        </p>
      )}
    </fieldset>
  );
}

function SettingsForm({ initial, path }: { initial: EditableSettings; path: string }) {
  const [values, setValues] = useState(initial);
  const [message, setMessage] = useState<{ error: boolean; text: string } | undefined>();
  const endpoint = (key: keyof EditableSettings['endpoints'], label: string) => (
    <>
      <label htmlFor={`endpoint-${key}`}>{label}</label>
      <input
        id={`endpoint-${key}`}
        value={values.endpoints[key]}
        onChange={(event) =>
          setValues({ ...values, endpoints: { ...values.endpoints, [key]: event.target.value } })
        }
      />
    </>
  );
  return (
    <form
      className="settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        void saveSettings(appStore, values).then((error) =>
          setMessage(
            error === undefined ? { error: false, text: 'Settings saved.' } : { error: true, text: error },
          ),
        );
      }}
    >
      <h3>Sources</h3>
      <div className="grid">
        {endpoint('gleif', 'GLEIF API base URL')}
        {endpoint('companydata', 'Company data API base URL')}
        {endpoint('rdapBootstrap', 'RDAP bootstrap URL')}
        {endpoint('whoisIana', 'IANA WHOIS server (host:port)')}
        <label htmlFor="ttl-default">Default TTL (e.g. 24h, 30d)</label>
        <input
          id="ttl-default"
          value={values.ttlDefault}
          onChange={(event) => setValues({ ...values, ttlDefault: event.target.value })}
        />
        <label htmlFor="default-depth">Default depth</label>
        <input
          id="default-depth"
          type="number"
          min={0}
          max={10}
          value={values.depth}
          onChange={(event) => setValues({ ...values, depth: Number(event.target.value) || 0 })}
        />
        <label className="check" htmlFor="pivots-enabled">
          <input
            id="pivots-enabled"
            type="checkbox"
            checked={values.pivots}
            onChange={(event) => setValues({ ...values, pivots: event.target.checked })}
          />
          Look up the domains behind host names, e-mail addresses and URLs (pivots)
        </label>
        <label htmlFor="fold-above">Fold more than N same-type leaves into a collection</label>
        <input
          id="fold-above"
          type="number"
          min={1}
          max={1000}
          value={values.foldAbove}
          onChange={(event) =>
            setValues({ ...values, foldAbove: Math.max(1, Number(event.target.value) || 1) })
          }
        />
      </div>
      <p className="muted">
        Saved to <code>{path}</code>
      </p>
      <button type="submit">Save settings</button>
      {message !== undefined && (
        <p role={message.error ? 'alert' : 'status'} className={message.error ? 'error' : 'muted'}>
          {message.text}
        </p>
      )}
    </form>
  );
}

export function SettingsDialog() {
  const open = useAppStore((state) => state.settingsOpen);
  const credentials = useAppStore((state) => state.credentials);
  const settings = useAppStore((state) => state.settings);
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element === null) {
      return;
    }
    if (open && !element.open) {
      void loadSettings(appStore);
      element.showModal();
    } else if (!open && element.open) {
      element.close();
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="settings"
      aria-labelledby="settings-title"
      onClose={() => appStore.getState().setSettingsOpen(false)}
    >
      <div className="dialog-head">
        <h2 id="settings-title">Settings</h2>
        <button
          type="button"
          onClick={() => appStore.getState().setSettingsOpen(false)}
          aria-label="Close settings"
        >
          ✕
        </button>
      </div>
      <section aria-label="API keys">
        <h3>API keys</h3>
        {credentials?.keychainAvailable === false && (
          <p role="alert" className="warning" data-testid="keychain-unavailable">
            {credentials.keychainMessage}
          </p>
        )}
        {credentials?.sources.length === 0 && <p className="muted">No source needs a key.</p>}
        {credentials?.sources.map((status) => (
          <KeyRow key={status.source} status={status} keychainAvailable={credentials.keychainAvailable} />
        ))}
      </section>
      {settings !== undefined && (
        <SettingsForm key={JSON.stringify(settings.values)} initial={settings.values} path={settings.path} />
      )}
    </dialog>
  );
}
