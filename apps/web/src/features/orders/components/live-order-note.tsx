import { useEffect, useState } from 'react';
import type { LiveOrder } from '../api/use-live-order.ts';

/** How long "Updated just now" stays after an update. */
const JUST_NOW_MS = 60_000;

/**
 * A quiet line above the order: "Updated just now" after a live update, or that the page is
 * reconnecting (what it shows stays readable and usable meanwhile).
 */
export function LiveOrderNote({ live }: { live: LiveOrder }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (live.updatedAt === null) return;
    setNow(Date.now());
    const timer = setTimeout(() => setNow(Date.now()), JUST_NOW_MS);
    return () => clearTimeout(timer);
  }, [live.updatedAt]);
  let text = '';
  if (live.state === 'reconnecting') text = 'Reconnecting… showing the order as last loaded.';
  else if (live.updatedAt !== null && now - live.updatedAt < JUST_NOW_MS) text = 'Updated just now';
  return (
    <p className="lm-live-note" role="status" aria-live="polite">
      {text}
    </p>
  );
}
