/** A source's rate-limit wait, counted down live while its requests wait for their turn. */
import { useEffect, useState } from 'react';
import { countdownText } from './countdown';

export function RateLimitCountdown({ until }: { until: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // Progress events stop while a source only waits, so the countdown keeps its own time.
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, [until]);
  return (
    <span className="muted" data-testid="rate-limit-countdown">
      {countdownText(until, now)}
    </span>
  );
}
