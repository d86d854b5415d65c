/**
 * The timeline strip under the canvas (docs/timeline.md): how many entities and edges were first
 * seen and last confirmed in each run (or on each day), and a range that narrows the canvas and
 * the entity table: "New in the last run", "First seen since <date>", "Not confirmed since <date>",
 * or a bar of the strip. The counts are the case's own (src/engine/timeline.int.test.ts).
 */
import { useEffect, useMemo, useState } from 'react';
import type { CaseSessionEntry } from '../../shared/ipc/contract';
import {
  entitiesInRange,
  timelineBuckets,
  type TimelineBucket,
  type TimelineScale,
  type TimeRange,
} from '../../shared/model/timeline';
import { appStore, useAppStore } from '../store/app-store';
import { loadCaseSessions } from '../store/history-actions';

function describeRange(range: TimeRange): string {
  switch (range.kind) {
    case 'last-run':
      return 'new in the last run';
    case 'since':
      return `first seen since ${range.date}`;
    case 'not-confirmed-since':
      return `not confirmed since ${range.date}`;
    case 'bucket':
      return `first seen in ${range.label}`;
  }
}

/** The case's recorded runs, loaded again whenever a run of this window starts or ends. */
function useCaseSessions(): CaseSessionEntry[] {
  const runKey = useAppStore((state) =>
    Object.values(state.sessions)
      .map((progress) => `${progress.sessionId}:${progress.state}`)
      .join(),
  );
  const [sessions, setSessions] = useState<CaseSessionEntry[]>([]);
  useEffect(() => {
    let current = true;
    void loadCaseSessions().then((loaded) => {
      if (current && 'sessions' in loaded) setSessions(loaded.sessions);
    });
    return () => {
      current = false;
    };
  }, [runKey]);
  return sessions;
}

/** Applies the range to the store (canvas and table), again as the graph grows; cleared on close. */
function useRangeFilter(range: TimeRange | undefined, sessions: readonly CaseSessionEntry[]): void {
  const graphVersion = useAppStore((state) => state.graphVersion);
  useEffect(() => {
    const state = appStore.getState();
    state.setTimeRange(
      range === undefined
        ? undefined
        : { label: describeRange(range), ids: entitiesInRange(state.entitiesById.values(), range, sessions) },
    );
  }, [range, sessions, graphVersion]);
  useEffect(() => () => appStore.getState().setTimeRange(undefined), []);
}

function Bars(props: {
  buckets: TimelineBucket[];
  range: TimeRange | undefined;
  onPick: (bucket: TimelineBucket) => void;
}) {
  const { buckets, range } = props;
  const total = (counts: { entities: number; edges: number }): number => counts.entities + counts.edges;
  const highest = Math.max(
    1,
    ...buckets.flatMap((bucket) => [total(bucket.firstSeen), total(bucket.lastConfirmed)]),
  );
  const height = (value: number): string => `${Math.max(value === 0 ? 0 : 2, (value / highest) * 48)}px`;
  return (
    <ol className="timeline-bars" aria-label="Timeline bars">
      {buckets.map((bucket) => {
        const picked = range?.kind === 'bucket' && range.start === bucket.start;
        return (
          <li key={bucket.key}>
            <button
              type="button"
              className={`timeline-bar${picked ? ' picked' : ''}`}
              aria-pressed={picked}
              aria-label={`${bucket.label}: first seen ${bucket.firstSeen.entities} entities, ${bucket.firstSeen.edges} edges; last confirmed ${bucket.lastConfirmed.entities} entities, ${bucket.lastConfirmed.edges} edges`}
              title="Show only the entities first seen here"
              onClick={() => props.onPick(bucket)}
            >
              <span className="timeline-columns">
                <span className="first-seen" style={{ height: height(total(bucket.firstSeen)) }} />
                <span className="last-confirmed" style={{ height: height(total(bucket.lastConfirmed)) }} />
              </span>
              <span className="timeline-label">{bucket.label}</span>
              <span className="timeline-count" data-testid="timeline-first-seen">
                +{bucket.firstSeen.entities} / {bucket.firstSeen.edges}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}

export function TimelineStrip() {
  const sessions = useCaseSessions();
  const graphVersion = useAppStore((state) => state.graphVersion);
  const timeRange = useAppStore((state) => state.timeRange);
  const [scale, setScale] = useState<TimelineScale>('run');
  const [range, setRange] = useState<TimeRange | undefined>();
  const [date, setDate] = useState('');
  useRangeFilter(range, sessions);
  const buckets = useMemo(() => {
    const state = appStore.getState();
    return timelineBuckets(state.entitiesById.values(), state.edgesById.values(), sessions, scale);
    // graphVersion stands for the maps' contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [graphVersion, sessions, scale]);
  const entityCount = appStore.getState().entitiesById.size;
  return (
    <section className="timeline-strip" aria-label="Timeline">
      <div className="timeline-toolbar">
        <label>
          By{' '}
          <select
            aria-label="Timeline scale"
            value={scale}
            onChange={(event) => setScale(event.target.value as TimelineScale)}
          >
            <option value="run">run</option>
            <option value="day">day</option>
          </select>
        </label>
        <button
          type="button"
          aria-pressed={range?.kind === 'last-run'}
          onClick={() => setRange({ kind: 'last-run' })}
        >
          New in the last run
        </button>
        <input type="date" aria-label="Date" value={date} onChange={(event) => setDate(event.target.value)} />
        <button type="button" disabled={date === ''} onClick={() => setRange({ kind: 'since', date })}>
          First seen since
        </button>
        <button
          type="button"
          disabled={date === ''}
          onClick={() => setRange({ kind: 'not-confirmed-since', date })}
        >
          Not confirmed since
        </button>
        <button type="button" disabled={range === undefined} onClick={() => setRange(undefined)}>
          Show all
        </button>
        <span className="muted" data-testid="timeline-status">
          {timeRange === undefined
            ? `${entityCount} entities`
            : `Showing ${timeRange.ids.size} of ${entityCount} entities: ${timeRange.label}`}
        </span>
        <span className="timeline-legend muted">
          <span className="first-seen" /> first seen <span className="last-confirmed" /> last confirmed
          (entities / edges)
        </span>
      </div>
      {buckets.length === 0 ? (
        <p className="muted">Nothing recorded yet.</p>
      ) : (
        <Bars
          buckets={buckets}
          range={range}
          onPick={(bucket) =>
            setRange({ kind: 'bucket', start: bucket.start, end: bucket.end, label: bucket.label })
          }
        />
      )}
    </section>
  );
}
