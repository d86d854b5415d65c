import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Edge, Entity } from '../../shared/model/graph';
import { EdgeDetails } from './EdgeDetails';

const stamp = { tags: [], createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-02-01T00:00:00.000Z' };
const parent: Entity = {
  id: 'Organization:p',
  type: 'Organization',
  asset: { unique_id: 'p', name: 'Parent <b>plc</b>' },
  ...stamp,
};
const edge: Edge = {
  id: 'e',
  from: 'Organization:p',
  to: 'Organization:c',
  relation: 'subsidiary',
  sources: [
    { name: 'GLEIF', confidence: 100, createdAt: '2025-01-01T00:00:00.000Z', updatedAt: 'yesterday' },
    { name: 'CompanyData', confidence: 80, createdAt: '', updatedAt: 'today' },
  ],
  properties: { score: 0.93, match_type: 'exact' },
  ...stamp,
};

function render(to: Entity | undefined = undefined, shown: Edge = edge): string {
  return renderToStaticMarkup(
    <EdgeDetails
      edge={shown}
      from={parent}
      to={to}
      labelOf={(entity) => entity.id}
      onSelect={() => undefined}
    />,
  );
}

describe('the edge panel', () => {
  it('shows the relation and both ends', () => {
    const html = render();
    expect(html).toContain('subsidiary');
    expect(html).toContain('Organization: Organization:p');
    // An end not loaded yet is shown by its id.
    expect(html).toContain('>Organization:c<');
  });

  it('lists every source with its confidence and time', () => {
    const html = render();
    expect(html).toContain('GLEIF, confidence 100, yesterday');
    expect(html).toContain('CompanyData, confidence 80, today');
  });

  it('shows the notes and flag on the edge, in the same section as an entity has', () => {
    const noted: Edge = {
      ...edge,
      notes: [
        { text: 'Confirmed by the 2024 annual report', author: 'ana', createdAt: '2025-03-01T00:00:00.000Z' },
      ],
    };
    const html = render(undefined, noted);
    expect(html).toContain('aria-label="Notes and flag"');
    expect(html).toContain('Confirmed by the 2024 annual report');
  });

  it('shows properties such as score and match type', () => {
    const html = render();
    expect(html).toContain('<dt>score</dt><dd>0.93</dd>');
    expect(html).toContain('<dt>match_type</dt><dd>exact</dd>');
  });

  it('shows a pending candidate as a candidate with its score, never as confidence 100', () => {
    const candidate: Edge = {
      ...edge,
      relation: 'id',
      sources: [{ name: 'GLEIF', confidence: 100, createdAt: '', updatedAt: 'today' }],
      properties: { score: 30, match_type: 'partial', review: 'pending' },
    };
    const html = render(undefined, candidate);
    expect(html).toContain('GLEIF, candidate · score 30, awaiting review, today');
    expect(html).not.toContain('confidence 100');
  });

  it('says a derived pivot edge is derived, and from what', () => {
    const pivot: Edge = {
      ...edge,
      relation: 'domain',
      sources: [{ name: 'Pivot', confidence: 100, createdAt: '', updatedAt: 'today' }],
      properties: {},
    };
    const html = render(undefined, pivot);
    expect(html).toContain('Pivot, derived from Organization:p, today');
    expect(html).not.toContain('confidence 100');
  });
});
