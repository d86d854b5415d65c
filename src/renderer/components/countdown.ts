/** The live countdown of a source waiting on its rate limiter (pure, for the progress panel). */

/** Whole seconds left until `untilIso` at `now` (ms), never below 0; "next turn" once due. */
export function countdownText(untilIso: string, now: number): string {
  const left = Date.parse(untilIso) - now;
  if (!Number.isFinite(left) || left <= 0) {
    return 'next turn';
  }
  return `next turn in ${Math.ceil(left / 1000)} s`;
}
