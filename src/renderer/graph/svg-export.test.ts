import { describe, expect, it } from 'vitest';
import { toSvg } from './svg-export';

const nodes = [
  { id: 'a', type: 'Organization' as const, label: '<script>alert(1)</script> & Co', x: 0, y: 0 },
  { id: 'b', type: 'Person' as const, label: 'Jane', x: 200, y: 100 },
];

describe('SVG export', () => {
  it('draws each node in its type shape with its label, and each edge between drawn nodes with an arrow and its relation', () => {
    const svg = toSvg(
      nodes,
      [
        { source: 'a', target: 'b', relation: 'officer' },
        { source: 'a', target: 'gone', relation: 'x' },
      ],
      'white',
    );
    expect(
      svg.match(/<path transform="translate\(-?\d+ -?\d+\)" d="[^"]+" fill="#[0-9a-f]{6}"><title>/g),
    ).toHaveLength(2);
    expect(svg.match(/<line /g)).toHaveLength(1);
    expect(svg).toContain('marker-end="url(#arrow)"');
    expect(svg).toMatch(/<text class="edge-label"[^>]*>officer<\/text>/);
    expect(svg).toContain('<text x="200" y="127">Jane</text>');
  });

  it('escapes source text so the file stays well-formed and runs nothing', () => {
    const svg = toSvg(nodes, [], 'white');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
  });

  it('frames every node with a margin and puts a legend of the drawn types beside the drawing', () => {
    const svg = toSvg(nodes, [], 'white');
    expect(svg).toContain('viewBox="-60 -60 520 220"');
    expect(svg).toMatch(/<g class="legend" transform="translate\(260 -50\)">[^]*Organization[^]*Person/);
  });
});
