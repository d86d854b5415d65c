/**
 * Runs work in a task of its own, as soon as the browser gets to it. Work split into slices (a big
 * case's load, its indexing, the overview's facts) hands each slice to the next task; with
 * `setTimeout(work, 0)` the browser holds every timeout nested five deep or more for at least
 * 4 ms (the HTML standard's clamping), which left the main thread idle 4 ms between each of a
 * 30,000-entity load's 130 steps. A message on a MessageChannel is a task that is not clamped
 * (the way React's scheduler yields). Where there is no MessageChannel, a timeout.
 */
export function inNextTask(work: () => void): void {
  if (typeof MessageChannel === 'undefined') {
    setTimeout(work, 0);
    return;
  }
  queued.push(work);
  channel ??= openChannel();
  channel.port2.postMessage(undefined);
}

const queued: (() => void)[] = [];
let channel: MessageChannel | undefined;

function openChannel(): MessageChannel {
  const opened = new MessageChannel();
  // One message per piece of work, in the order given: each runs in its own task.
  opened.port1.onmessage = () => queued.shift()?.();
  // (Node, where the tests run, would otherwise keep the process alive for the open port.)
  (opened.port1 as { unref?: () => void }).unref?.();
  return opened;
}
