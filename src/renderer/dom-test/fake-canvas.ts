/**
 * jsdom has no 2D canvas: a context whose methods do nothing lets Cytoscape's real canvas renderer
 * run in a test (its z-order cache, its element calculations; nothing is drawn). `installFakeCanvas()`
 * installs it around each test of the calling file.
 */
import { afterEach, beforeEach } from 'vitest';

function fakeContext(canvas: HTMLCanvasElement): unknown {
  const values: Record<string | symbol, unknown> = {};
  return new Proxy(values, {
    get: (target, name) => {
      if (name === 'canvas') return canvas;
      if (name in target) return target[name];
      if (name === 'measureText') return () => ({ width: 10 });
      if (name === 'getImageData' || name === 'createImageData')
        return () => ({ data: new Uint8ClampedArray(4) });
      if (name === 'getTransform') return () => ({ a: 1, b: 0, c: 0, d: 1, e: 0, f: 0 });
      return () => undefined;
    },
    set: (target, name, value) => {
      target[name] = value;
      return true;
    },
  });
}

export function installFakeCanvas(): void {
  const canvasPrototype = HTMLCanvasElement.prototype as unknown as Record<'getContext', unknown>;
  let original: unknown;
  beforeEach(() => {
    original = canvasPrototype.getContext;
    canvasPrototype.getContext = function (this: HTMLCanvasElement) {
      return fakeContext(this);
    };
  });
  afterEach(() => {
    canvasPrototype.getContext = original;
  });
}
