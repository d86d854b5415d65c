/** The running session's estimated time left (shared/model/time-left.ts), refreshed every second. */
import { useEffect, useState } from 'react';
import type { SessionProgress } from '../../shared/model/session';
import { estimateTimeLeftMs, formatTimeLeft } from '../../shared/model/time-left';

export function TimeLeft({ progress }: { progress: SessionProgress }) {
  const [now, setNow] = useState(() => Date.now());
  const running = progress.state === 'running';
  useEffect(() => {
    if (!running) {
      return undefined;
    }
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);
  if (!running) {
    return null;
  }
  const left = estimateTimeLeftMs(progress, now);
  return (
    <p className="muted" data-testid="time-left">
      {left === undefined ? 'Estimating the time left…' : `About ${formatTimeLeft(left)} left`}
    </p>
  );
}
