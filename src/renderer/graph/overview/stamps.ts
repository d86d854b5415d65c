/**
 * The overview's node stamps (overview-draw.ts): each look painted once per scale on a small
 * canvas of its own, then copied wherever a node of that look is drawn.
 */
import type { Stamp, StampMaker } from './overview-draw';
import { paintStamp, stampHalf } from './overview-draw';
import type { NodeLook } from './overview-scene';
import { nodeKey } from './overview-scene';

/** Stamps kept (looks x recent scales); the cache is emptied when it is full. */
const MAX_STAMPS = 96;

/** Stamps painted on small canvases of their own, cached by look and scale. */
export function createStampMaker(): StampMaker {
  const stamps = new Map<string, Stamp | undefined>();
  return (look: NodeLook, scale: number) => {
    const key = `${nodeKey(look)}@${scale.toFixed(3)}`;
    if (stamps.has(key)) {
      return stamps.get(key);
    }
    if (stamps.size >= MAX_STAMPS) {
      stamps.clear();
    }
    const half = stampHalf(look, scale);
    const canvas = document.createElement('canvas');
    canvas.width = half * 2;
    canvas.height = half * 2;
    const context = canvas.getContext('2d');
    const stamp = context === null ? undefined : { image: canvas, half };
    if (context !== null) {
      paintStamp(context, look, scale, half);
    }
    stamps.set(key, stamp);
    return stamp;
  };
}
