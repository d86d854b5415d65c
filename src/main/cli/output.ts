/** The CLI's terminal output: errors, the live progress line (or throttled lines) and the summary. */
import type { GraphStats } from '../../shared/model/graph';
import type { SessionProgress } from '../../shared/model/session';
import { estimateTimeLeftMs, formatTimeLeft } from '../../shared/model/time-left';

export interface OutputStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

/**
 * Characters that would steer the terminal instead of being shown: C0 and C1 controls (ESC starts
 * colour, title and screen-clearing sequences; CR rewrites a line) and the bidirectional overrides
 * that reorder what follows. A source's reply reaches the terminal through failure messages and
 * entity ids, so nothing is written unescaped.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const TERMINAL_CONTROLS = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The text with every terminal control character shown as an escape (`\x1B`, `\u202E`). */
export function printable(text: string): string {
  return text.replace(TERMINAL_CONTROLS, (char) => {
    const code = char.charCodeAt(0);
    return code < 0x100
      ? `\\x${code.toString(16).toUpperCase().padStart(2, '0')}`
      : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  });
}

/** One-line error for the user, `error: ...`. */
export function printError(stream: OutputStream, message: string): void {
  stream.write(`error: ${printable(message.split(/\r?\n/, 1)[0] ?? message)}\n`);
}

export interface ProgressPrinter {
  update(progress: SessionProgress): void;
  /** Prints a message on its own line without garbling the live line. */
  note(message: string): void;
  /** Ends the live line (call before the summary). */
  finish(): void;
}

/**
 * On a terminal: one line rewritten in place (at most every 100 ms). Otherwise: a plain line
 * when the counters changed, at most every `intervalMs`.
 */
export function createProgressPrinter(
  stream: OutputStream,
  now: () => number = Date.now,
  intervalMs = 500,
): ProgressPrinter {
  const live = stream.isTTY === true;
  const minGap = live ? 100 : intervalMs;
  let lastAt = -Infinity;
  let lastLine = '';
  let pending: SessionProgress | undefined;
  let lineShown = false;

  let latest: SessionProgress | undefined;
  // On a terminal the countdown of a waiting source moves without a progress event.
  let ticker: ReturnType<typeof setInterval> | undefined;
  const tick = (progress: SessionProgress): void => {
    latest = progress;
    if (!live || ticker !== undefined || progress.waitingOnRateLimit === undefined) {
      return;
    }
    ticker = setInterval(() => {
      if (latest?.waitingOnRateLimit === undefined) {
        clearInterval(ticker);
        ticker = undefined;
        return;
      }
      show(latest);
    }, 1000);
    ticker.unref?.();
  };

  const show = (progress: SessionProgress): void => {
    const line = progressLine(progress, now());
    if (line === lastLine) {
      return;
    }
    lastLine = line;
    lastAt = now();
    pending = undefined;
    if (live) {
      stream.write(`\r${line}\u001b[K`);
      lineShown = true;
    } else {
      stream.write(`${line}\n`);
    }
  };

  return {
    update(progress) {
      tick(progress);
      if (now() - lastAt >= minGap) {
        show(progress);
      } else {
        pending = progress;
      }
    },
    note(message) {
      if (lineShown) {
        stream.write('\r\u001b[K');
        lineShown = false;
        lastLine = '';
      }
      stream.write(`${printable(message)}\n`);
    },
    finish() {
      clearInterval(ticker);
      ticker = undefined;
      if (pending !== undefined) {
        show(pending);
      }
      if (lineShown) {
        stream.write('\n');
        lineShown = false;
      }
    },
  };
}

export function progressLine(progress: SessionProgress, now = Date.now()): string {
  const requests = Object.values(progress.requestsBySource).reduce((sum, count) => sum + count, 0);
  // Live countdown: how long until the last waiting request of each source gets its turn.
  const waits = Object.entries(progress.waitingOnRateLimit ?? {})
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([source, wait]) => `${source} ${formatSeconds(Math.max(0, Date.parse(wait.until) - now))}`);
  return [
    `[${progress.state}]`,
    `queued ${progress.queued}`,
    `running ${progress.running}`,
    `done ${progress.done}`,
    `failed ${progress.failed}`,
    `cache hits ${progress.cacheHits}`,
    `requests ${requests}`,
    ...(waits.length === 0 ? [] : [`rate-limit wait ${waits.join(', ')}`]),
    ...timeLeftPart(progress, now),
  ].join('  ');
}

function timeLeftPart(progress: SessionProgress, now: number): string[] {
  if (progress.state !== 'running') {
    return [];
  }
  const left = estimateTimeLeftMs(progress, now);
  return left === undefined || left === 0 ? [] : [`about ${formatTimeLeft(left)} left`];
}

/** The end-of-run summary, as lines (terminal controls escaped). */
export function summaryLines(progress: SessionProgress, stats: GraphStats): string[] {
  return rawSummaryLines(progress, stats).map(printable);
}

function rawSummaryLines(progress: SessionProgress, stats: GraphStats): string[] {
  const lines: string[] = [];
  const started = Date.parse(progress.startedAt);
  const finished = progress.finishedAt === undefined ? Number.NaN : Date.parse(progress.finishedAt);
  const took = Number.isFinite(finished - started) ? ` in ${formatSeconds(finished - started)}` : '';
  lines.push(`session ${progress.state}${took}`);
  lines.push(`entities: ${stats.entities}${breakdown(stats.entitiesByType)}`);
  lines.push(`edges: ${stats.edges}${breakdown(stats.edgesByRelation)}`);
  lines.push(`requests: ${listOrNone(progress.requestsBySource, String)}`);
  lines.push(`rate-limit wait: ${listOrNone(progress.rateLimitWaitMsBySource, formatSeconds)}`);
  lines.push(`cache hits: ${progress.cacheHits}`);
  lines.push(`handler runs: ${progress.done} done, ${progress.failed} failed`);
  if (progress.sourcesNeedingKey.length > 0) {
    lines.push(
      `sources needing an API key: ${progress.sourcesNeedingKey.join(', ')} ` +
        `(set <SOURCE>_API_KEY or add the key in Settings)`,
    );
  }
  lines.push(`failures: ${progress.failures.length}`);
  for (const failure of progress.failures) {
    lines.push(`  ${failure.entityId}  ${failure.source}  ${failure.code}: ${failure.message}`);
  }
  return lines;
}

function breakdown(counts: Record<string, number | undefined>): string {
  const parts = Object.entries(counts)
    .filter((entry): entry is [string, number] => entry[1] !== undefined && entry[1] > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, count]) => `${name} ${count}`);
  return parts.length === 0 ? '' : ` (${parts.join(', ')})`;
}

function listOrNone(values: Record<string, number>, format: (value: number) => string): string {
  const parts = Object.entries(values)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name} ${format(value)}`);
  return parts.length === 0 ? 'none' : parts.join(', ');
}

function formatSeconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
