import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { HandlerState } from '../../shared/model/handler-state';
import { HandlerItems, handlerMenuItem } from './HandlerItems';

const NOW = Date.UTC(2026, 10, 24, 12);
const ago = (ms: number): string => new Date(NOW - ms).toISOString();
const HOUR = 3_600_000;

const base = { source: 'GLEIF', label: 'GLEIF: fuzzy completions', handler: 'gleif/fuzzy-completions' };

describe('a handler in the context menu', () => {
  it('offers a cached handler for refresh, ignoring its TTL, with how long ago it answered', () => {
    const item = handlerMenuItem(
      { ...base, state: 'cached', lastRunAt: ago(2 * HOUR), cachedUntil: ago(-22 * HOUR) },
      NOW,
    );
    expect(item.text).toBe('GLEIF: fuzzy completions: cached 2 h ago');
    expect(item.action).toEqual({ verb: 'refresh', refresh: true });
  });

  it('offers a failed handler for retry, with its failure in the tooltip', () => {
    const item = handlerMenuItem(
      { ...base, state: 'failed', failedAt: ago(5 * 60_000), failure: 'HTTP 503' },
      NOW,
    );
    expect(item.text).toBe('GLEIF: fuzzy completions: failed 5 min ago');
    expect(item.action).toEqual({ verb: 'retry', refresh: true });
    expect(item.title).toContain('failed: HTTP 503');
  });

  it('offers a handler never run, or whose answer expired, to run within the TTL rules', () => {
    expect(handlerMenuItem({ ...base, state: 'never' }, NOW)).toMatchObject({
      text: 'GLEIF: fuzzy completions: never run',
      action: { verb: 'run', refresh: false },
    });
    expect(handlerMenuItem({ ...base, state: 'stale', lastRunAt: ago(72 * HOUR) }, NOW).text).toBe(
      'GLEIF: fuzzy completions: expired, last run 3 d ago',
    );
  });

  it('offers no action for a source that needs an API key', () => {
    const item = handlerMenuItem(
      {
        handler: 'companydata/company-search',
        label: 'CompanyData: company search',
        source: 'CompanyData',
        state: 'needs-key',
      },
      NOW,
    );
    expect(item.text).toBe('CompanyData: company search: needs an API key (Settings)');
    expect(item.action).toBeUndefined();
  });
});

describe('the handler items', () => {
  const states: HandlerState[] = [
    { ...base, state: 'cached', lastRunAt: ago(HOUR) },
    {
      handler: 'companydata/company-search',
      label: 'CompanyData: company search',
      source: 'CompanyData',
      state: 'needs-key',
    },
  ];

  it('render one menu item per handler, carrying its state, the keyless one disabled', () => {
    const html = renderToStaticMarkup(<HandlerItems handlers={states} now={NOW} onRun={() => undefined} />);
    expect(html.match(/data-testid="handler-item"/g)).toHaveLength(2);
    expect(html).toContain('data-state="cached"');
    expect(html).toMatch(/data-state="needs-key"[^>]*disabled=""/);
    expect(html).toContain('· refresh');
  });

  it('say so while loading, when nothing handles the type, and when the request failed', () => {
    const render = (handlers: HandlerState[] | string | undefined) =>
      renderToStaticMarkup(<HandlerItems handlers={handlers} now={NOW} onRun={() => undefined} />);
    expect(render(undefined)).toContain('Reading sources');
    expect(render([])).toContain('No source handles this type');
    expect(render('no entity X')).toContain('Sources unavailable: no entity X');
  });
});
