/**
 * The timeline (docs/timeline.md): when the case's entities and edges were first seen and last
 * confirmed, counted by run or by day, and the ranges that filter the canvas and the table ("new in
 * the last run", "since <date>", "not confirmed since <date>", a bar of the strip). Pure: the app
 * and the tests that compare its counts with the store's read it.
 */
import type { EntityId } from './asset';
import type { Edge, Entity } from './graph';

/** A run of the case (`history:list-sessions`); investigator actions (notes, merges) are not runs. */
export interface TimelineRun {
  id: string;
  startedAt: string;
  finishedAt?: string;
  action?: string;
}

/** When an entity or edge was first seen and last confirmed (epoch ms). */
export interface Times {
  firstSeen: number;
  lastConfirmed: number;
}

export type TimelineScale = 'run' | 'day';

export interface TimelineBucket {
  key: string;
  label: string;
  /** Epoch ms: the bucket holds times in [start, end). */
  start: number;
  end: number;
  firstSeen: { entities: number; edges: number };
  lastConfirmed: { entities: number; edges: number };
}

export type TimeRange =
  | { kind: 'last-run' }
  | { kind: 'since'; date: string }
  | { kind: 'not-confirmed-since'; date: string }
  | { kind: 'bucket'; start: number; end: number; label: string };

const DAY_MS = 86_400_000;

function time(iso: string): number {
  const value = Date.parse(iso);
  return Number.isNaN(value) ? 0 : value;
}

/** An entity: first written; last confirmed by its latest `source` tag (else its last write). */
export function entityTimes(entity: Entity): Times {
  const sources = entity.tags.filter((tag) => tag.name === 'source');
  const confirmed = sources.length === 0 ? [entity.updatedAt] : sources.map((tag) => tag.updatedAt);
  return { firstSeen: time(entity.createdAt), lastConfirmed: Math.max(...confirmed.map(time)) };
}

/** An edge: first written; last confirmed by a source still stating it (else its last write). */
export function edgeTimes(edge: Edge): Times {
  const stating = edge.sources.filter((source) => source.goneAt === undefined);
  const confirmed = stating.length === 0 ? [edge.updatedAt] : stating.map((source) => source.updatedAt);
  return { firstSeen: time(edge.createdAt), lastConfirmed: Math.max(...confirmed.map(time)) };
}

/** The case's runs, oldest first (actions left out). */
export function runsOf(sessions: readonly TimelineRun[]): TimelineRun[] {
  return sessions
    .filter((session) => session.action === undefined)
    .sort((a, b) => time(a.startedAt) - time(b.startedAt));
}

/**
 * A run's window: from just after the run before it finished (its seeds are written just before it
 * starts) to the end of its own writes; the first run's opens at the case's start, the last run's
 * stays open (what is written after it, an investigator's merge, counts with it). A run that never
 * finished (the app closed) ends where the next one starts.
 */
function runWindows(runs: readonly TimelineRun[]): { run: TimelineRun; start: number; end: number }[] {
  const ends = runs.map((run, index) =>
    index === runs.length - 1
      ? Number.POSITIVE_INFINITY
      : run.finishedAt !== undefined
        ? time(run.finishedAt) + 1
        : time(runs[index + 1]?.startedAt ?? ''),
  );
  return runs.map((run, index) => ({
    run,
    start: index === 0 ? Number.NEGATIVE_INFINITY : (ends[index - 1] ?? 0),
    end: ends[index] ?? Number.POSITIVE_INFINITY,
  }));
}

function emptyBucket(key: string, label: string, start: number, end: number): TimelineBucket {
  return {
    key,
    label,
    start,
    end,
    firstSeen: { entities: 0, edges: 0 },
    lastConfirmed: { entities: 0, edges: 0 },
  };
}

function dayOf(ms: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS;
}

function bucketsFor(scale: TimelineScale, runs: readonly TimelineRun[], times: Times[]): TimelineBucket[] {
  if (scale === 'run') {
    return runWindows(runs).map((window, index) =>
      emptyBucket(window.run.id, `Run ${index + 1}`, window.start, window.end),
    );
  }
  const all = times.flatMap((item) => [item.firstSeen, item.lastConfirmed]);
  if (all.length === 0) {
    return [];
  }
  const buckets: TimelineBucket[] = [];
  for (let day = dayOf(Math.min(...all)); day <= dayOf(Math.max(...all)); day += DAY_MS) {
    const label = new Date(day).toISOString().slice(0, 10);
    buckets.push(emptyBucket(label, label, day, day + DAY_MS));
  }
  return buckets;
}

function bucketIndex(buckets: readonly TimelineBucket[], at: number): number {
  return buckets.findIndex((bucket) => at >= bucket.start && at < bucket.end);
}

/** The strip's bars: how many entities and edges were first seen, and last confirmed, in each. */
export function timelineBuckets(
  entities: Iterable<Entity>,
  edges: Iterable<Edge>,
  sessions: readonly TimelineRun[],
  scale: TimelineScale,
): TimelineBucket[] {
  const entityTimeList = [...entities].map(entityTimes);
  const edgeTimeList = [...edges].map(edgeTimes);
  const buckets = bucketsFor(scale, runsOf(sessions), [...entityTimeList, ...edgeTimeList]);
  const count = (list: Times[], kind: 'entities' | 'edges'): void => {
    for (const item of list) {
      const first = buckets[bucketIndex(buckets, item.firstSeen)];
      const last = buckets[bucketIndex(buckets, item.lastConfirmed)];
      if (first !== undefined) first.firstSeen[kind] += 1;
      if (last !== undefined) last.lastConfirmed[kind] += 1;
    }
  };
  count(entityTimeList, 'entities');
  count(edgeTimeList, 'edges');
  return buckets;
}

/** Whether an entity or edge with these times is in the range. */
function rangeTest(range: TimeRange, sessions: readonly TimelineRun[]): (times: Times) => boolean {
  switch (range.kind) {
    case 'last-run': {
      // No run yet: nothing is new.
      const last = runWindows(runsOf(sessions)).at(-1);
      return last === undefined ? () => false : (times) => times.firstSeen >= last.start;
    }
    case 'since': {
      const since = time(range.date);
      return (times) => times.firstSeen >= since;
    }
    case 'not-confirmed-since': {
      const since = time(range.date);
      return (times) => times.lastConfirmed < since;
    }
    case 'bucket':
      return (times) => times.firstSeen >= range.start && times.firstSeen < range.end;
  }
}

/** The entities a range keeps (the canvas and the table show only these). */
export function entitiesInRange(
  entities: Iterable<Entity>,
  range: TimeRange,
  sessions: readonly TimelineRun[],
): Set<EntityId> {
  const keep = rangeTest(range, sessions);
  const ids = new Set<EntityId>();
  for (const entity of entities) {
    if (keep(entityTimes(entity))) {
      ids.add(entity.id);
    }
  }
  return ids;
}
