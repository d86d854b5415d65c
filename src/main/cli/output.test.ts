import { describe, expect, it } from 'vitest';
import type { SessionProgress } from '../../shared/model/session';
import { createProgressPrinter, printable, printError, progressLine, summaryLines } from './output';

function progress(overrides: Partial<SessionProgress> = {}): SessionProgress {
  return {
    sessionId: 's',
    state: 'running',
    queued: 0,
    running: 0,
    done: 0,
    failed: 0,
    cacheHits: 0,
    requestsBySource: {},
    rateLimitWaitMsBySource: {},
    sourcesNeedingKey: [],
    failures: [],
    startedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

function sink(isTTY: boolean) {
  const writes: string[] = [];
  return { writes, stream: { isTTY, write: (text: string) => writes.push(text) } };
}

describe('progress printer', () => {
  it('rewrites one line in place on a terminal', () => {
    let now = 0;
    const { writes, stream } = sink(true);
    const printer = createProgressPrinter(stream, () => now);
    printer.update(progress({ done: 1 }));
    now += 200;
    printer.update(progress({ done: 2 }));
    printer.finish();
    expect(writes.slice(0, 2).every((text) => text.startsWith('\r') && !text.includes('\n'))).toBe(true);
    expect(writes.at(-1)).toBe('\n');
  });

  it('prints plain lines at most every interval when not on a terminal', () => {
    let now = 0;
    const { writes, stream } = sink(false);
    const printer = createProgressPrinter(stream, () => now, 500);
    printer.update(progress({ done: 1 }));
    now += 100;
    printer.update(progress({ done: 2 }));
    now += 100;
    printer.update(progress({ done: 3 }));
    expect(writes).toHaveLength(1);
    printer.finish();
    expect(writes).toHaveLength(2);
    expect(writes[1]).toMatch(/done 3/);
    expect(writes.every((text) => text.endsWith('\n') && !text.includes('\r'))).toBe(true);
  });

  it('does not repeat an unchanged line', () => {
    let now = 0;
    const { writes, stream } = sink(false);
    const printer = createProgressPrinter(stream, () => now, 500);
    printer.update(progress({ done: 1 }));
    now += 1000;
    printer.update(progress({ done: 1 }));
    expect(writes).toHaveLength(1);
  });
});

describe('summary', () => {
  it('lists counts by type, requests, waits, cache hits, keys and failures', () => {
    const lines = summaryLines(
      progress({
        state: 'done',
        finishedAt: '2026-01-01T00:00:02.500Z',
        cacheHits: 4,
        requestsBySource: { RDAP: 2, GLEIF: 3 },
        rateLimitWaitMsBySource: { GLEIF: 6000 },
        sourcesNeedingKey: ['CompanyData'],
        failures: [
          {
            at: '2026-01-01T00:00:01.000Z',
            entityId: 'Organization:acme',
            assetType: 'Organization',
            handler: 'gleif/fuzzy-completions',
            source: 'GLEIF',
            code: 'timeout',
            message: 'no complete reply',
          },
        ],
      }),
      {
        entities: 3,
        edges: 2,
        entitiesByType: { Organization: 2, Identifier: 1 },
        edgesByRelation: { id: 1, subsidiary: 1 },
      },
    );
    expect(lines).toEqual([
      'session done in 2.5 s',
      'entities: 3 (Identifier 1, Organization 2)',
      'edges: 2 (id 1, subsidiary 1)',
      'requests: GLEIF 3, RDAP 2',
      'rate-limit wait: GLEIF 6.0 s',
      'cache hits: 4',
      'handler runs: 0 done, 0 failed',
      'sources needing an API key: CompanyData (set <SOURCE>_API_KEY or add the key in Settings)',
      'failures: 1',
      '  Organization:acme  GLEIF  timeout: no complete reply',
    ]);
  });
});

describe('printError', () => {
  it('prints only the first line of a message', () => {
    const { writes, stream } = sink(false);
    printError(stream, 'bad thing\nstack trace');
    expect(writes).toEqual(['error: bad thing\n']);
  });
});

describe('terminal escapes', () => {
  it('escapes ESC, BEL and other controls in an error line', () => {
    const written: string[] = [];
    printError({ write: (text: string) => written.push(text) }, 'bad \u001b]0;owned\u0007 \u001b[2J reply');
    expect(written.join('')).toBe('error: bad \\x1B]0;owned\\x07 \\x1B[2J reply\n');
  });

  it('escapes a bidirectional override', () => {
    expect(printable('abc\u202Eexe.txt')).toBe('abc\\u202Eexe.txt');
  });

  it('leaves ordinary text, accents and CJK alone', () => {
    expect(printable('Société Générale 株式会社')).toBe('Société Générale 株式会社');
  });
});

describe('summary escapes', () => {
  it('escapes controls a source put into a failure message', () => {
    const lines = summaryLines(
      progress({
        failures: [
          {
            at: '2026-01-01T00:00:00.000Z',
            entityId: 'DomainRecord:example.com',
            assetType: 'DomainRecord',
            handler: 'whois',
            source: 'WHOIS',
            code: 'malformed_body',
            message: '\u001b]0;pwned\u0007',
          },
        ],
      }),
      { entities: 0, edges: 0, entitiesByType: {}, edgesByRelation: {} },
    );
    expect(lines.filter((line) => [...line].some((char) => char.charCodeAt(0) < 0x20))).toEqual([]);
    expect(lines.at(-1)).toContain('\\x1B]0;pwned\\x07');
  });
});

describe('rate-limit countdown', () => {
  it('shows how long each waiting source still waits', () => {
    const now = Date.parse('2026-01-01T00:00:10.000Z');
    const line = progressLine(
      progress({
        waitingOnRateLimit: {
          GLEIF: { since: '2026-01-01T00:00:09.000Z', until: '2026-01-01T00:00:12.500Z' },
        },
      }),
      now,
    );
    expect(line).toContain('rate-limit wait GLEIF 2.5 s');
  });

  it('shows no wait when no source waits', () => {
    expect(progressLine(progress())).not.toContain('rate-limit wait');
  });
});

describe('time left', () => {
  it('shows an estimate of the time left while a session runs', () => {
    const now = Date.parse('2026-01-01T00:00:30.000Z');
    expect(progressLine(progress({ done: 10, queued: 100 }), now)).toContain('about 5 min left');
  });

  it('shows no estimate before a handler run has finished', () => {
    expect(progressLine(progress({ queued: 100 }), Date.parse('2026-01-01T00:00:30.000Z'))).not.toContain(
      'left',
    );
  });
});
