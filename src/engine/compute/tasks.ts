/**
 * The CPU-heavy, pure steps of a session that run off the thread serving the UI, by name. Each
 * takes and returns plain data (structured-clone safe) and reads neither the graph nor the
 * network, so the same function runs in a worker or, as a fallback, in place. A plugin names its
 * steps and calls them through `PluginEnvironment.offThread`; this table is what a worker can run.
 */
import { RDAP_EXPANSION_PLAN, planStoredReply } from '../plugins/rdap/expand';
import { RDAP_REGISTRATION_READ, readRegistration } from '../plugins/rdap/registration-read';

export type ComputeTask = (input: never) => unknown;

export const COMPUTE_TASKS: Readonly<Record<string, ComputeTask>> = {
  [RDAP_EXPANSION_PLAN]: planStoredReply,
  [RDAP_REGISTRATION_READ]: readRegistration,
};

/** Runs the named task on `input`; throws on a name the table does not hold. */
export function runComputeTask(task: string, input: unknown): unknown {
  const run = Object.hasOwn(COMPUTE_TASKS, task) ? COMPUTE_TASKS[task] : undefined;
  if (run === undefined) {
    throw new Error(`unknown compute task ${task}`);
  }
  return (run as (input: unknown) => unknown)(input);
}
