/** Session controls and progress: handler counts, requests and rate-limit waits per source, failures. */
import { controlSession } from '../store/actions';
import { appStore, useAppStore } from '../store/app-store';
import { selectCurrentProgress } from '../store/selectors';
import { formatMs } from './format';
import { RemoveRunResults } from './HistoryPanel';
import { RateLimitCountdown } from './RateLimitCountdown';
import { TimeLeft } from './TimeLeft';
import { useThrottled } from './use-throttled';
import type { SessionProgress } from '../../shared/model/session';

/** How often the counters, per-source table and failures redraw while a run sends progress. */
export const PROGRESS_REDRAW_MS = 250;

/**
 * The panel's frame and its buttons depend only on the run's id and state, so a run sending
 * progress many times a second never redraws them: the Cancel button stays the same element,
 * where it was, ready for the click. The counters beside them redraw at most every 250 ms.
 */
export function ProgressPanel() {
  const sessionId = useAppStore((state) => selectCurrentProgress(state)?.sessionId);
  const runState = useAppStore((state) => selectCurrentProgress(state)?.state);
  if (sessionId === undefined || runState === undefined) {
    return (
      <section className="progress" aria-label="Session progress">
        <h2>Progress</h2>
        <p className="muted">No session in this window yet.</p>
      </section>
    );
  }
  return (
    <section className="progress" aria-label="Session progress">
      <h2>
        Progress{' '}
        <span className={`state state-${runState}`} data-testid="session-state">
          {runState}
        </span>
      </h2>
      <SessionControls sessionId={sessionId} runState={runState} />
      <ProgressDetails />
    </section>
  );
}

function SessionControls({ sessionId, runState }: { sessionId: string; runState: SessionProgress['state'] }) {
  const active = runState === 'running' || runState === 'paused';
  return (
    <div className="session-controls">
      {runState === 'running' && (
        <button type="button" onClick={() => void controlSession(appStore, 'pause')}>
          Pause
        </button>
      )}
      {runState === 'paused' && (
        <button type="button" onClick={() => void controlSession(appStore, 'resume')}>
          Resume
        </button>
      )}
      {active && (
        <button type="button" className="danger" onClick={() => void controlSession(appStore, 'cancel')}>
          Cancel
        </button>
      )}
      <RemoveRunResults progress={{ sessionId, state: runState }} />
    </div>
  );
}

/** Counters, requests and waits per source, failures: the run's latest progress, throttled. */
function ProgressDetails() {
  const latest = useAppStore(selectCurrentProgress);
  const progress = useThrottled(latest, PROGRESS_REDRAW_MS);
  if (progress === undefined) {
    return null;
  }
  const sources = [
    ...new Set([...Object.keys(progress.requestsBySource), ...Object.keys(progress.rateLimitWaitMsBySource)]),
  ].sort();
  return (
    <>
      <dl className="counters">
        <div>
          <dt>Queued</dt>
          <dd data-testid="count-queued">{progress.queued}</dd>
        </div>
        <div>
          <dt>Running</dt>
          <dd>{progress.running}</dd>
        </div>
        <div>
          <dt>Done</dt>
          <dd data-testid="count-done">{progress.done}</dd>
        </div>
        <div>
          <dt>Failed</dt>
          <dd data-testid="count-failed">{progress.failed}</dd>
        </div>
        <div>
          <dt>Cache hits</dt>
          <dd>{progress.cacheHits}</dd>
        </div>
      </dl>
      <TimeLeft progress={progress} />
      {sources.length > 0 && (
        <table className="per-source" aria-label="Requests per source">
          <thead>
            <tr>
              <th scope="col">Source</th>
              <th scope="col">Requests</th>
              <th scope="col">Rate-limit wait</th>
            </tr>
          </thead>
          <tbody>
            {sources.map((source) => (
              <tr key={source}>
                <td>{source}</td>
                <td className="number">{progress.requestsBySource[source] ?? 0}</td>
                <td className="number">
                  {formatMs(progress.rateLimitWaitMsBySource[source] ?? 0)}
                  {progress.waitingOnRateLimit?.[source] !== undefined && (
                    <>
                      {' '}
                      · <RateLimitCountdown until={progress.waitingOnRateLimit[source].until} />
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {progress.sourcesNeedingKey.length > 0 && (
        <p className="warning" role="status">
          {progress.sourcesNeedingKey.join(', ')}: source needs a key (Settings → API keys); it was skipped.
        </p>
      )}
      {progress.failures.length > 0 && (
        <details className="failures" open>
          <summary>Failures ({progress.failures.length})</summary>
          <ul aria-label="Failures">
            {progress.failures.map((failure, index) => (
              <li key={`${failure.at}-${index}`} data-testid="failure">
                <strong>{failure.source}</strong> on <code>{failure.entityId}</code>: {failure.message}{' '}
                <span className="muted">({failure.code})</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </>
  );
}
