/**
 * "Open a team case": where the case lives (host, port, database, user, TLS mode, case name) and
 * the password. The password goes to main with the request and is cleared from the form at once;
 * main keeps it in the OS keychain (or for this run only) and never sends it back.
 */
import { useEffect, useRef, useState } from 'react';
import type { TeamCaseConnection, TeamSslMode } from '../../shared/ipc/contract';
import { TEAM_SSL_MODES } from '../../shared/ipc/contract';
import { openTeamCase } from '../store/actions';
import { appStore } from '../store/app-store';
import type { Fields } from './team-case-fields';
import { connectionOf, fieldsOf } from './team-case-fields';

const SSL_LABELS: Record<TeamSslMode, string> = {
  disable: 'disable (no TLS, trusted network only)',
  require: 'require (encrypted, certificate not checked)',
  'verify-full': 'verify-full (encrypted, certificate and host checked)',
};

/** What the form starts with: empty, or a recent case whose password must be entered again. */
export interface TeamCaseFormStart {
  connection?: TeamCaseConnection;
  /** Why the form is shown again (e.g. the saved password was refused). */
  message?: string;
}

export function TeamCaseForm({ start, onClose }: { start: TeamCaseFormStart; onClose: () => void }) {
  const [fields, setFields] = useState(() => fieldsOf(start.connection));
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(true);
  const [error, setError] = useState<string | undefined>(start.message);
  const [busy, setBusy] = useState(false);
  const passwordInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (start.connection !== undefined) {
      passwordInput.current?.focus();
    }
  }, [start.connection]);

  const text = (key: keyof Omit<Fields, 'sslMode'>, label: string, extra: { placeholder?: string } = {}) => (
    <>
      <label htmlFor={`team-${key}`}>{label}</label>
      <input
        id={`team-${key}`}
        value={fields[key]}
        autoComplete="off"
        spellCheck={false}
        {...extra}
        onChange={(event) => setFields({ ...fields, [key]: event.target.value })}
      />
    </>
  );

  const submit = async (): Promise<void> => {
    const connection = connectionOf(fields);
    if (typeof connection === 'string') {
      setError(connection);
      return;
    }
    const typed = password;
    // The password leaves the page with the request: nothing keeps it in the form after that.
    setPassword('');
    setBusy(true);
    setError(undefined);
    const failure = await openTeamCase(
      appStore,
      connection,
      typed === '' ? undefined : { value: typed, remember: remember ? 'keychain' : 'this-run' },
    );
    setBusy(false);
    if (failure === undefined) {
      onClose();
      return;
    }
    setError(failure.message);
    if (failure.code === 'password_required') {
      passwordInput.current?.focus();
    }
  };

  return (
    <form
      className="team-form"
      aria-label="Open a team case"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2>Open a team case</h2>
      <p className="muted">
        A team case lives in a PostgreSQL database that several investigators open at once. It is created when
        the database has no case of that name yet.
      </p>
      <div className="grid">
        {text('host', 'Host', { placeholder: 'db.example.org' })}
        {text('port', 'Port')}
        {text('database', 'Database')}
        {text('user', 'User')}
        <label htmlFor="team-sslMode">TLS mode</label>
        <select
          id="team-sslMode"
          value={fields.sslMode}
          onChange={(event) => setFields({ ...fields, sslMode: event.target.value as TeamSslMode })}
        >
          {TEAM_SSL_MODES.map((mode) => (
            <option key={mode} value={mode}>
              {SSL_LABELS[mode]}
            </option>
          ))}
        </select>
        {text('caseName', 'Case name', { placeholder: 'e.g. Acme supplier review' })}
        <label htmlFor="team-password">Password</label>
        <input
          id="team-password"
          ref={passwordInput}
          type="password"
          autoComplete="off"
          value={password}
          placeholder="leave empty to use the saved one"
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <label className="check">
        <input type="checkbox" checked={remember} onChange={(event) => setRemember(event.target.checked)} />
        Remember the password in the OS keychain (otherwise for this run only)
      </label>
      <div className="team-form-actions">
        <button type="submit" disabled={busy}>
          {busy ? 'Connecting…' : 'Open team case'}
        </button>
        <button type="button" onClick={onClose} disabled={busy}>
          Cancel
        </button>
      </div>
      {error !== undefined && (
        <p role="alert" className="error" data-testid="team-case-error">
          {error}
        </p>
      )}
    </form>
  );
}
