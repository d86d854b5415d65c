/**
 * Gives every drawn element the lean look (cy-style.ts, LEAN_CLASS), or takes it away, a slice
 * of elements per frame. Restyling all of them at once was one task of about 50 µs per element:
 * 146 ms when a streaming run passed 1,500 nodes, seconds for a big case. New elements get the
 * class as they are added (canvas-controller.ts), so only the ones drawn before the switch wait.
 */
import type { Core } from 'cytoscape';
import { LEAN_CLASS } from './cy-style';

/** Elements restyled per frame: about 20 ms of Cytoscape's style work on the bench machine. */
export const LEAN_SLICE = 400;

export interface LeanSwitch {
  /** The look every element should have; reached over the next frames. */
  set(lean: boolean): void;
  /** Elements still to switch. */
  readonly pending: number;
  dispose(): void;
}

export function createLeanSwitch(
  cy: Core,
  requestFrame: (callback: () => void) => number,
  cancelFrame: (handle: number) => void,
): LeanSwitch {
  let lean = false;
  let frame: number | undefined;
  const todo = () => (lean ? cy.elements().not(`.${LEAN_CLASS}`) : cy.elements(`.${LEAN_CLASS}`));

  const step = (): void => {
    frame = undefined;
    const left = todo();
    const slice = left.slice(0, LEAN_SLICE);
    cy.batch(() => {
      if (lean) {
        slice.addClass(LEAN_CLASS);
      } else {
        slice.removeClass(LEAN_CLASS);
      }
    });
    if (left.length > LEAN_SLICE) {
      frame = requestFrame(step);
    }
  };

  return {
    set(next) {
      if (next === lean) {
        return;
      }
      lean = next;
      frame ??= requestFrame(step);
    },
    get pending() {
      return todo().length;
    },
    dispose() {
      if (frame !== undefined) {
        cancelFrame(frame);
        frame = undefined;
      }
    },
  };
}
