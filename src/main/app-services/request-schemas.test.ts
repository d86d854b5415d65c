import { describe, expect, it } from 'vitest';
import { REQUEST_SCHEMAS } from './request-schemas';

describe('graph:save-positions', () => {
  it('keeps every position that fits when one entry has an id past the bound', () => {
    const parsed = REQUEST_SCHEMAS['graph:save-positions'].safeParse({
      caseId: 'case-1',
      positions: {
        'Organization:acme': { x: 1, y: 2 },
        [`Organization:${'x'.repeat(5000)}`]: { x: 3, y: 4 },
        'FQDN:acme.example': { x: 5, y: 6 },
      },
    });
    expect(parsed.success).toBe(true);
    expect(parsed.data?.positions).toEqual({
      'Organization:acme': { x: 1, y: 2 },
      'FQDN:acme.example': { x: 5, y: 6 },
    });
  });

  it('leaves out a position that is not a pair of finite numbers', () => {
    const parsed = REQUEST_SCHEMAS['graph:save-positions'].safeParse({
      caseId: 'case-1',
      positions: { 'Organization:acme': { x: 1, y: 2 }, 'FQDN:a.example': { x: 'left', y: 0 } },
    });
    expect(parsed.data?.positions).toEqual({ 'Organization:acme': { x: 1, y: 2 } });
  });

  it('still refuses a request that is not one', () => {
    expect(
      REQUEST_SCHEMAS['graph:save-positions'].safeParse({ caseId: 'case-1', positions: [] }).success,
    ).toBe(false);
  });
});
