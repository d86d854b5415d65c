/**
 * The node shapes of the canvas (asset-style.ts) as SVG paths in a box of `size`, for the legend
 * and the SVG export, so a type looks the same there as on the canvas.
 */
import type { AssetLook } from '../../shared/model/asset-looks';

function polygon(points: [number, number][], size: number): string {
  return `M${points.map(([x, y]) => `${(x * size).toFixed(1)},${(y * size).toFixed(1)}`).join(' L')} Z`;
}

export function shapePath(shape: AssetLook['shape'], size: number): string {
  const r = size / 2;
  switch (shape) {
    case 'ellipse':
      return `M0,${r} A${r},${r} 0 1,0 ${size},${r} A${r},${r} 0 1,0 0,${r} Z`;
    case 'rectangle':
      return polygon(
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 1],
        ],
        size,
      );
    case 'round-rectangle': {
      const c = size * 0.22;
      return `M${c},0 H${size - c} Q${size},0 ${size},${c} V${size - c} Q${size},${size} ${size - c},${size} H${c} Q0,${size} 0,${size - c} V${c} Q0,0 ${c},0 Z`;
    }
    case 'diamond':
      return polygon(
        [
          [0.5, 0],
          [1, 0.5],
          [0.5, 1],
          [0, 0.5],
        ],
        size,
      );
    case 'hexagon':
      return polygon(
        [
          [0.25, 0],
          [0.75, 0],
          [1, 0.5],
          [0.75, 1],
          [0.25, 1],
          [0, 0.5],
        ],
        size,
      );
    case 'triangle':
      return polygon(
        [
          [0.5, 0],
          [1, 1],
          [0, 1],
        ],
        size,
      );
    case 'tag':
      return polygon(
        [
          [0, 0],
          [0.75, 0],
          [1, 0.5],
          [0.75, 1],
          [0, 1],
        ],
        size,
      );
    case 'barrel':
      return `M0,${size * 0.15} Q${r},${-size * 0.1} ${size},${size * 0.15} V${size * 0.85} Q${r},${size * 1.1} 0,${size * 0.85} Z`;
  }
}
