/**
 * The case list's team cases: the recent ones (one click reopens, the password coming from the
 * keychain; the form asks for it again when it is missing or refused) and the form to open one.
 */
import { useEffect, useState } from 'react';
import type { RecentTeamCase } from '../../shared/ipc/contract';
import { forgetTeamCase, openTeamCase, refreshTeamCases } from '../store/actions';
import { appStore, useAppStore } from '../store/app-store';
import { formatDate } from './format';
import type { TeamCaseFormStart } from './TeamCaseForm';
import { TeamCaseForm } from './TeamCaseForm';

function connectionOfRecent(item: RecentTeamCase) {
  const { host, port, database, user, sslMode, caseName } = item;
  return { host, port, database, user, sslMode, caseName };
}

function RecentRow({
  item,
  onAskPassword,
}: {
  item: RecentTeamCase;
  onAskPassword: (start: TeamCaseFormStart) => void;
}) {
  const [busy, setBusy] = useState(false);
  const reopen = async (): Promise<void> => {
    setBusy(true);
    const connection = connectionOfRecent(item);
    const failure = await openTeamCase(appStore, connection);
    setBusy(false);
    if (failure === undefined) {
      return;
    }
    if (failure.code === 'password_required') {
      onAskPassword({ connection, message: failure.message });
    } else {
      appStore.getState().setNotice({ kind: 'error', text: failure.message });
    }
  };
  return (
    <tr data-testid="team-case-row">
      <td>
        <button type="button" className="link" disabled={busy} onClick={() => void reopen()}>
          {item.caseName}
        </button>
      </td>
      <td className="muted">
        {item.user}@{item.host}:{item.port}/{item.database}
      </td>
      <td>{formatDate(item.lastOpenedAt)}</td>
      <td className="actions">
        <button
          type="button"
          disabled={busy}
          onClick={() => void reopen()}
          aria-label={`Open team case ${item.caseName}`}
        >
          {busy ? 'Connecting…' : 'Open'}
        </button>{' '}
        <button
          type="button"
          onClick={() => void forgetTeamCase(appStore, item.id)}
          aria-label={`Remove ${item.caseName} from the recent team cases`}
        >
          Remove from list
        </button>
      </td>
    </tr>
  );
}

export function TeamCases() {
  const recent = useAppStore((state) => state.recentTeamCases);
  const [form, setForm] = useState<TeamCaseFormStart | undefined>();

  useEffect(() => {
    void refreshTeamCases(appStore);
  }, []);

  return (
    <section className="team-cases" aria-label="Team cases">
      <div className="case-list-head">
        <h2>Team cases</h2>
        {form === undefined && (
          <button type="button" onClick={() => setForm({})}>
            Open a team case
          </button>
        )}
      </div>
      {form !== undefined && (
        // A new key per start: reopening the form for another case starts it afresh.
        <TeamCaseForm key={JSON.stringify(form)} start={form} onClose={() => setForm(undefined)} />
      )}
      {recent.length === 0 ? (
        <p className="empty">No team cases yet. Open one to work on a case with your team.</p>
      ) : (
        <table aria-label="Recent team cases">
          <thead>
            <tr>
              <th scope="col">Case</th>
              <th scope="col">Where</th>
              <th scope="col">Last opened</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {recent.map((item) => (
              <RecentRow key={item.id} item={item} onAskPassword={setForm} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
