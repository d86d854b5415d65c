/**
 * The legend over the canvas: the shape, colour and glyph of every type in the case, with its
 * count, and the seed's halo. Collapsible (it stays out of the way once learnt).
 */
import { useStore } from 'zustand';
import type { AssetType } from '../../shared/model/asset';
import { ASSET_LOOKS } from '../graph/asset-style';
import { shapePath } from '../graph/legend-shapes';
import { appStore } from '../store/app-store';

const SIZE = 18;

export function TypeGlyph({ type }: { type: AssetType }) {
  const look = ASSET_LOOKS[type];
  return (
    <svg width={SIZE} height={SIZE} viewBox={`-1 -1 ${SIZE + 2} ${SIZE + 2}`} aria-hidden="true">
      <path d={shapePath(look.shape, SIZE)} fill={look.color} />
      <text
        x={SIZE / 2}
        y={SIZE / 2 + 3}
        textAnchor="middle"
        fontSize={look.glyph.length >= 3 ? 6 : 8}
        fontWeight={700}
        fill="#fff"
        fontFamily="sans-serif"
      >
        {look.glyph}
      </text>
    </svg>
  );
}

export function GraphLegend() {
  const typeCounts = useStore(appStore, (state) => state.typeCounts);
  const graphVersion = useStore(appStore, (state) => state.graphVersion);
  const types = [...typeCounts].filter(([, count]) => count > 0).sort(([a], [b]) => (a < b ? -1 : 1));
  if (types.length === 0) {
    return null;
  }
  return (
    <details className="graph-legend" open data-testid="graph-legend" data-version={graphVersion}>
      <summary>Legend</summary>
      <ul>
        {types.map(([type, count]) => (
          <li key={type}>
            <TypeGlyph type={type} /> {type} <span className="muted">{count}</span>
          </li>
        ))}
        <li>
          <span className="legend-seed" aria-hidden="true" /> Seed (a run started here)
        </li>
      </ul>
    </details>
  );
}
