import { stat } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createPacer, yieldToEventLoop } from './pace';

/** Runs `work` inside an I/O callback (the poll phase, where replies and requests arrive). */
function fromIoCallback<T>(work: () => Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    stat(import.meta.filename, () => {
      work().then(resolve, reject);
    });
  });
}

describe('yielding the serving thread', () => {
  it('lets due timers and waiting I/O run even when called from an I/O callback', async () => {
    const ranBeforeResume = await fromIoCallback(async () => {
      let timerRan = false;
      setTimeout(() => {
        timerRan = true;
      }, 0);
      // A timer of 0 ms is due within a millisecond; the wait makes sure it is due.
      const due = Date.now() + 2;
      while (Date.now() < due) {
        // busy: the work of a reply
      }
      await yieldToEventLoop();
      return timerRan;
    });
    expect(ranBeforeResume).toBe(true);
  });

  it('paces a loop: every so many items one yield, the others at once', async () => {
    const pace = createPacer(3);
    let otherWorkRan = false;
    setImmediate(() => {
      otherWorkRan = true;
    });
    await pace();
    await pace();
    const ranWithinTheFirstTwo = otherWorkRan;
    await pace();
    expect(ranWithinTheFirstTwo).toBe(false);
    expect(otherWorkRan).toBe(true);
  });
});
