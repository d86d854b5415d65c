/**
 * A value as a panel shows it: changes at most once per `intervalMs`, the latest value always
 * shown once the interval has passed (trailing). A busy run sends progress many times a second;
 * redrawing counters that often only costs the renderer time and moves nothing a reader can follow.
 */
import { useEffect, useRef, useState } from 'react';

export function useThrottled<T>(value: T, intervalMs: number): T {
  const [shown, setShown] = useState(value);
  const lastShownAt = useRef(0);
  useEffect(() => {
    if (Object.is(value, shown)) {
      return undefined;
    }
    const wait = lastShownAt.current + intervalMs - Date.now();
    const show = (): void => {
      lastShownAt.current = Date.now();
      setShown(value);
    };
    if (wait <= 0) {
      show();
      return undefined;
    }
    const timer = setTimeout(show, wait);
    return () => clearTimeout(timer);
  }, [value, shown, intervalMs]);
  return shown;
}
