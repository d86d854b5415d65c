import cytoscape from 'cytoscape';
import { describe, expect, it } from 'vitest';
import { LEAN_CLASS } from './cy-style';
import { createLeanSwitch, LEAN_SLICE } from './lean-switch';

function graphOf(nodes: number) {
  const cy = cytoscape({ headless: true, styleEnabled: true });
  cy.add(
    Array.from({ length: nodes }, (_, index) => ({ group: 'nodes' as const, data: { id: `n${index}` } })),
  );
  const frames: (() => void)[] = [];
  const lean = createLeanSwitch(
    cy,
    (callback) => frames.push(callback),
    () => undefined,
  );
  const runFrame = (): void => {
    for (const callback of frames.splice(0)) {
      callback();
    }
  };
  return { cy, lean, runFrame };
}

describe('the lean switch', () => {
  it('gives the lean look to the drawn elements a slice per frame, never all in one task', () => {
    const { cy, lean, runFrame } = graphOf(LEAN_SLICE * 2 + 10);
    lean.set(true);
    expect(cy.elements(`.${LEAN_CLASS}`)).toHaveLength(0);
    runFrame();
    expect(cy.elements(`.${LEAN_CLASS}`)).toHaveLength(LEAN_SLICE);
    runFrame();
    runFrame();
    expect(cy.elements(`.${LEAN_CLASS}`)).toHaveLength(LEAN_SLICE * 2 + 10);
    expect(lean.pending).toBe(0);
  });

  it('takes the lean look away again when the graph is small once more', () => {
    const { cy, lean, runFrame } = graphOf(30);
    lean.set(true);
    runFrame();
    lean.set(false);
    runFrame();
    expect(cy.elements(`.${LEAN_CLASS}`)).toHaveLength(0);
  });

  it('lets the latest choice win over a switch still under way', () => {
    const { cy, lean, runFrame } = graphOf(LEAN_SLICE * 3);
    lean.set(true);
    runFrame();
    lean.set(false);
    for (let frame = 0; frame < 5; frame += 1) {
      runFrame();
    }
    expect(cy.elements(`.${LEAN_CLASS}`)).toHaveLength(0);
  });
});
