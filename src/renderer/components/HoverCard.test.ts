import { describe, expect, it } from 'vitest';
import { hoverCardPlacement } from './HoverCard';

const area = { width: 800, height: 600 };

describe('where the hover card goes', () => {
  it('opens below and right of the pointer in the top left of the canvas', () => {
    expect(hoverCardPlacement({ id: 'a', x: 100, y: 100, area })).toEqual({ left: 114, top: 114 });
  });

  it('opens left of the pointer near the right edge, anchored by its right side', () => {
    expect(hoverCardPlacement({ id: 'a', x: 700, y: 100, area })).toEqual({ right: 114, top: 114 });
  });

  it('opens above the pointer near the bottom edge, anchored by its bottom side', () => {
    expect(hoverCardPlacement({ id: 'a', x: 100, y: 550, area })).toEqual({ left: 114, bottom: 64 });
  });

  it('opens below and right when the canvas size is not known', () => {
    expect(hoverCardPlacement({ id: 'a', x: 700, y: 550 })).toEqual({ left: 714, top: 564 });
  });
});
