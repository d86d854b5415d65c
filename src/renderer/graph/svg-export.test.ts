import { describe, expect, it } from 'vitest';
import { toSvg } from './svg-export';

const nodes = [
  { id: 'a', type: 'Organization' as const, label: '<script>alert(1)</script> & Co', x: 0, y: 0 },
  { id: 'b', type: 'Person' as const, label: 'Jane', x: 200, y: 100 },
];

describe('SVG export', () => {
  it('draws one circle and one label per node, and one line per edge between drawn nodes', () => {
    const svg = toSvg(
      nodes,
      [
        { source: 'a', target: 'b', relation: 'officer' },
        { source: 'a', target: 'gone', relation: 'x' },
      ],
      'white',
    );
    expect(svg.match(/<circle /g)).toHaveLength(2);
    expect(svg.match(/<line /g)).toHaveLength(1);
    expect(svg).toContain('<text x="200" y="126">Jane</text>');
  });

  it('escapes source text so the file stays well-formed and runs nothing', () => {
    const svg = toSvg(nodes, [], 'white');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co');
  });

  it('frames every node with a margin', () => {
    expect(toSvg(nodes, [], 'white')).toContain('viewBox="-60 -60 320 220"');
  });
});
