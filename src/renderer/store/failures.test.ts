import { describe, expect, it } from 'vitest';
import type { HandlerFailure, SessionProgress } from '../../shared/model/session';
import { openFailures } from './failures';

function failure(entityId: string, at: string): HandlerFailure {
  return {
    at,
    entityId,
    assetType: 'Organization',
    handler: 'gleif-search',
    source: 'GLEIF',
    code: 'http_status',
    message: 'HTTP 500',
  };
}

function session(id: string, failures: HandlerFailure[]): SessionProgress {
  return {
    sessionId: id,
    state: 'done',
    queued: 0,
    running: 0,
    done: 1,
    failed: failures.length,
    cacheHits: 0,
    requestsBySource: {},
    rateLimitWaitMsBySource: {},
    sourcesNeedingKey: [],
    failures,
    startedAt: '',
  };
}

describe('open lookup failures', () => {
  it('lists the failures of every session by node', () => {
    const open = openFailures(
      {
        s1: session('s1', [failure('a', '2025-01-01T00:00:00Z')]),
        s2: session('s2', [failure('a', '2025-01-02T00:00:00Z'), failure('b', '2025-01-02T00:00:00Z')]),
      },
      {},
    );
    expect(open.get('a')).toHaveLength(2);
    expect(open.get('b')).toHaveLength(1);
  });

  it('drops a node’s failures once it is retried, and shows a new failure of the retry', () => {
    const sessions = { s1: session('s1', [failure('a', '2025-01-01T00:00:00Z')]) };
    expect(openFailures(sessions, { a: '2025-01-01T00:05:00Z' }).has('a')).toBe(false);
    const again = { ...sessions, s2: session('s2', [failure('a', '2025-01-01T00:06:00Z')]) };
    expect(openFailures(again, { a: '2025-01-01T00:05:00Z' }).get('a')).toHaveLength(1);
  });
});
