import { useEffect, useState } from 'react';

/** Countdowns move on this beat: minutes are all they show, so twice a minute is plenty. */
export const COUNTDOWN_TICK_MS = 30_000;

/** The current time, refreshed every `everyMs` while the component is mounted. */
export function useNow(everyMs: number = COUNTDOWN_TICK_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
