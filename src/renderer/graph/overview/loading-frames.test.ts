import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import { loadingFrames } from './loading-frames';

describe("Cytoscape's frames while a big case is taken in, zoomed in", () => {
  const setup = () => {
    const cy = cytoscape({ headless: true });
    let clock = 0;
    const frames = loadingFrames(cy, () => clock);
    return { cy, frames, advance: (ms: number) => (clock += ms) };
  };

  it('lets the first frame through', () => {
    expect(setup().frames.spaced()).toBe(false);
  });

  it('holds frames asked for within 250 ms of the last one while the view stays', () => {
    const { frames, advance } = setup();
    frames.rendered();
    advance(100);
    expect(frames.spaced()).toBe(true);
    advance(150);
    expect(frames.spaced()).toBe(false);
  });

  it('lets a frame through at once when the view moved', () => {
    const { cy, frames, advance } = setup();
    frames.rendered();
    advance(10);
    cy.pan({ x: 50, y: 0 });
    expect(frames.spaced()).toBe(false);
  });
});
