import { setImmediate as nextTurn, setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { autnumWithContacts } from '../../../test/hostile/big-replies';
import { RDAP_EXPANSION_PLAN, planStoredReply } from '../plugins/rdap/expand';
import { RDAP_REGISTRATION_READ, readRegistration } from '../plugins/rdap/registration-read';
import { createWorkerPool, inPlaceCompute, type ComputePool } from './pool';
import { defaultComputeWorkerUrl } from './worker-url';

function storedReply(contacts: number): { raw: string; objectClass: 'autnum' } {
  return { raw: String(autnumWithContacts(64496, contacts).body), objectClass: 'autnum' };
}

/** Whether a turn of this thread's event loop came before `run` settled (it cannot, in place). */
async function threadTurnedWhileRunning(run: () => Promise<unknown>): Promise<boolean> {
  let turned = false;
  const turn = nextTurn().then(() => {
    turned = true;
  });
  const started = run();
  const turnedFirst = await Promise.race([started.then(() => turned), turn.then(() => true)]);
  await started;
  return turnedFirst;
}

describe('compute workers', () => {
  let pool: ComputePool | undefined;
  afterEach(async () => {
    await pool?.close();
    pool = undefined;
  });

  it('reads a large RDAP reply into the same expansion plan as in place, on another thread', async () => {
    pool = createWorkerPool({ workerUrl: defaultComputeWorkerUrl() });
    const input = storedReply(3000);
    const signal = new AbortController().signal;

    expect(await threadTurnedWhileRunning(() => pool!.run(RDAP_EXPANSION_PLAN, input, signal))).toBe(true);
    expect(await threadTurnedWhileRunning(() => inPlaceCompute.run(RDAP_EXPANSION_PLAN, input, signal))).toBe(
      false,
    );
    const plan = await pool.run(RDAP_EXPANSION_PLAN, input, signal);
    expect(plan).toEqual(planStoredReply(input));
    expect(plan).toMatchObject({ listed: 3001, contacts: expect.any(Array) as unknown });
  });

  it('reads a large RDAP registration reply into the same record as in place, on another thread', async () => {
    pool = createWorkerPool({ workerUrl: defaultComputeWorkerUrl() });
    const input = { objectClass: 'autnum', number: 64496, text: storedReply(3000).raw } as const;
    const signal = new AbortController().signal;

    expect(await threadTurnedWhileRunning(() => pool!.run(RDAP_REGISTRATION_READ, input, signal))).toBe(true);
    expect(await pool.run(RDAP_REGISTRATION_READ, input, signal)).toEqual(readRegistration(input));
  });

  it('ends a worker that stays idle, giving back its heap, and starts a fresh one for the next task', async () => {
    pool = createWorkerPool({ workerUrl: defaultComputeWorkerUrl(), idleMs: 100 });
    const input = storedReply(3000);
    const signal = new AbortController().signal;
    await pool.run(RDAP_EXPANSION_PLAN, input, signal);
    expect(pool.workerCount()).toBe(1);
    await sleep(400);
    expect(pool.workerCount()).toBe(0);
    expect(await pool.run(RDAP_EXPANSION_PLAN, input, signal)).toEqual(planStoredReply(input));
    expect(pool.workerCount()).toBe(1);
  });

  it('ends a task mid-work when its signal aborts, and runs the next task on a fresh worker', async () => {
    pool = createWorkerPool({ workerUrl: defaultComputeWorkerUrl(), maxWorkers: 1 });
    const controller = new AbortController();
    const large = pool.run(RDAP_EXPANSION_PLAN, storedReply(40_000), controller.signal);
    await nextTurn();
    controller.abort(new Error('cancelled by the investigator'));

    await expect(large).rejects.toThrow('cancelled by the investigator');
    const small = await pool.run(RDAP_EXPANSION_PLAN, storedReply(2), new AbortController().signal);
    expect(small).toMatchObject({ listed: 3 });
  });

  it('answers an unknown task with a clear error, and a reply that does not parse with no plan', async () => {
    pool = createWorkerPool({ workerUrl: defaultComputeWorkerUrl() });
    const signal = new AbortController().signal;

    await expect(pool.run('rdap.no-such-step', {}, signal)).rejects.toThrow(
      'unknown compute task rdap.no-such-step',
    );
    expect(
      await pool.run(RDAP_EXPANSION_PLAN, { raw: '{not json', objectClass: 'autnum' }, signal),
    ).toBeUndefined();
  });

  it('runs the task in place when the worker cannot start, so no findings are lost', async () => {
    pool = createWorkerPool({ workerUrl: new URL('./no-such-worker.mjs', import.meta.url) });
    const input = storedReply(5);

    expect(await pool.run(RDAP_EXPANSION_PLAN, input, new AbortController().signal)).toEqual(
      planStoredReply(input),
    );
  });
});
