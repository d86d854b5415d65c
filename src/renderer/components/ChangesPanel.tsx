/**
 * The Changes panel (docs/changes.md): "Refresh the case" (all of it, or the selected node), what
 * is new, gone and changed since a chosen run (by default the one before the last), grouped by
 * entity, each line leading to its node; the canvas can show only the changed part; and "Export
 * report" (the whole case or the selected node) as one self-contained HTML file.
 */
import { useEffect, useState } from 'react';
import type { ChangesView } from '../../shared/ipc/contract';
import type { EntityId } from '../../shared/model/asset';
import { invoke } from '../api';
import { downloadBlob } from '../store/actions';
import { appStore, useAppStore } from '../store/app-store';
import { formatDate } from './format';
import { useCanvas } from './canvas-context';

type Line = ChangesView['changes'][number];

function shown(value: unknown): string {
  if (value === undefined) return '(none)';
  if (Array.isArray(value)) return value.map(shown).join(', ');
  return typeof value === 'string' ? value.replace(/^[A-Za-z]+:/, '') : JSON.stringify(value);
}

function describe(line: Line): string {
  if (line.change === 'changed') {
    return `${line.field ?? ''}: ${shown(line.before)} → ${shown(line.after)}`;
  }
  if (line.edge !== undefined) {
    const [, relation, to] = line.edge.split('|');
    return `${relation ?? ''} ${shown(to)}`;
  }
  return 'new entity';
}

/** Every entity a line names: its subject and the targets before and after. */
function entitiesOf(lines: readonly Line[]): Set<EntityId> {
  const ids = new Set<EntityId>();
  const add = (value: unknown): void => {
    if (typeof value === 'string' && /^[A-Za-z]+:/.test(value)) ids.add(value);
    if (Array.isArray(value)) value.forEach(add);
  };
  for (const line of lines) {
    ids.add(line.subject);
    add(line.before);
    add(line.after);
    if (line.edge !== undefined) add(line.edge.split('|')[2]);
  }
  return ids;
}

export function ChangesPanel() {
  const canvas = useCanvas();
  const activeCase = useAppStore((state) => state.activeCase);
  const selectedId = useAppStore((state) => state.selectedId);
  const running = useAppStore((state) =>
    Object.values(state.sessions).some((progress) => progress.finishedAt === undefined),
  );
  const [view, setView] = useState<ChangesView | undefined>();
  const [since, setSince] = useState<string | undefined>();
  const [force, setForce] = useState(false);
  const [onlyChanged, setOnlyChanged] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const caseId = activeCase?.id;

  useEffect(() => {
    if (caseId === undefined || running) return;
    void invoke('changes:list', since === undefined ? { caseId } : { caseId, since }).then((result) => {
      if (result.ok) {
        setView(result.value);
        setError(undefined);
      } else {
        setError(result.error.message);
      }
    });
  }, [caseId, since, running]);

  if (caseId === undefined) return null;
  const scope = selectedId === undefined ? undefined : [selectedId];

  const refresh = async (): Promise<void> => {
    const result = await invoke('case:refresh', {
      caseId,
      force,
      ...(scope === undefined ? {} : { entityIds: scope }),
    });
    if (result.ok) {
      appStore.getState().updateProgress(result.value.progress);
      appStore.getState().setCurrentSession(result.value.sessionId);
    } else {
      setError(result.error.message);
    }
  };
  const exportReport = async (): Promise<void> => {
    const request = {
      caseId,
      ...(scope === undefined ? {} : { entityIds: scope }),
      ...(view?.since === undefined ? {} : { since: view.since }),
    };
    const result = await invoke('export:report', request);
    if (!result.ok) {
      setError(result.error.message);
      return;
    }
    for (const file of result.value.files) {
      downloadBlob(new Blob([file.content], { type: file.mimeType }), file.name);
    }
  };
  const showOnlyChanged = (on: boolean): void => {
    setOnlyChanged(on);
    const state = appStore.getState();
    const keep = entitiesOf(view?.changes ?? []);
    const hidden = on
      ? new Set([...state.entitiesById.keys()].filter((id) => !keep.has(id)))
      : new Set<EntityId>();
    state.setFilters({
      hiddenIds: hidden,
      hiddenTypes: state.hiddenTypes,
      hiddenSources: state.hiddenSources,
    });
  };

  const groups = new Map<EntityId, Line[]>();
  for (const line of view?.changes ?? []) {
    groups.set(line.subject, [...(groups.get(line.subject) ?? []), line]);
  }
  const label = (id: EntityId): string => {
    const entity = appStore.getState().entitiesById.get(id);
    return entity === undefined ? id : `${entity.type}: ${id.slice(entity.type.length + 1)}`;
  };

  return (
    <section className="changes" aria-label="Changes">
      <h2>Changes</h2>
      <div className="changes-actions">
        <button type="button" disabled={running} onClick={() => void refresh()}>
          {scope === undefined ? 'Refresh the case' : 'Refresh the selected node'}
        </button>
        <label>
          <input type="checkbox" checked={force} onChange={(event) => setForce(event.target.checked)} /> now
          (ignore the TTL)
        </label>
        <button type="button" onClick={() => void exportReport()}>
          {scope === undefined ? 'Export report' : 'Export report (selection)'}
        </button>
      </div>
      <label className="changes-since">
        Since the run{' '}
        <select
          aria-label="Changes since the run"
          value={view?.since ?? ''}
          onChange={(event) => setSince(event.target.value === '' ? undefined : event.target.value)}
        >
          <option value="">(all runs)</option>
          {(view?.runs ?? []).map((run) => (
            <option key={run.id} value={run.id}>
              {formatDate(run.startedAt)} · {run.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        <input
          type="checkbox"
          checked={onlyChanged}
          onChange={(event) => showOnlyChanged(event.target.checked)}
        />{' '}
        Show only the changed part
      </label>
      {error !== undefined && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {view !== undefined && view.changes.length === 0 && (
        <p className="muted">Nothing changed since that run.</p>
      )}
      <ul className="changes-list">
        {[...groups].map(([subject, lines]) => (
          <li key={subject}>
            <button
              type="button"
              className="link"
              onClick={() => {
                appStore.getState().selectEntity(subject);
                canvas?.focus(subject);
              }}
            >
              {label(subject)}
            </button>
            <ul>
              {lines.map((line, index) => (
                <li key={index} className={`change-${line.change}`}>
                  <span className="change-kind">{line.change}</span> {describe(line)}
                  {line.source === undefined ? '' : ` (${line.source})`}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
