/** Session controls and progress: handler counts, requests and rate-limit waits per source, failures. */
import { controlSession } from '../store/actions';
import { appStore, useAppStore } from '../store/app-store';
import { selectCurrentProgress } from '../store/selectors';
import { formatMs } from './format';
import { RemoveRunResults } from './HistoryPanel';
import { RateLimitCountdown } from './RateLimitCountdown';
import { TimeLeft } from './TimeLeft';

export function ProgressPanel() {
  const progress = useAppStore(selectCurrentProgress);
  if (progress === undefined) {
    return (
      <section className="progress" aria-label="Session progress">
        <h2>Progress</h2>
        <p className="muted">No session in this window yet.</p>
      </section>
    );
  }
  const active = progress.state === 'running' || progress.state === 'paused';
  const sources = [
    ...new Set([...Object.keys(progress.requestsBySource), ...Object.keys(progress.rateLimitWaitMsBySource)]),
  ].sort();
  return (
    <section className="progress" aria-label="Session progress">
      <h2>
        Progress{' '}
        <span className={`state state-${progress.state}`} data-testid="session-state">
          {progress.state}
        </span>
      </h2>
      <div className="session-controls">
        {progress.state === 'running' && (
          <button type="button" onClick={() => void controlSession(appStore, 'pause')}>
            Pause
          </button>
        )}
        {progress.state === 'paused' && (
          <button type="button" onClick={() => void controlSession(appStore, 'resume')}>
            Resume
          </button>
        )}
        {active && (
          <button type="button" className="danger" onClick={() => void controlSession(appStore, 'cancel')}>
            Cancel
          </button>
        )}
        <RemoveRunResults progress={progress} />
      </div>
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
    </section>
  );
}
