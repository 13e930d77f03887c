import { responseCountdown } from '../../../lib/response-countdown.ts';
import { useStoreDateTime } from '../../../lib/store-context.tsx';

/**
 * "Respond within 3 h 12 min" (amber under an hour, red under 15 min, "Overdue" past it). The page
 * owns the clock (`useNow`), so a list of fifty rows ticks with one timer.
 */
export function DeadlineCountdown({ dueAt, now }: { dueAt: string; now: Date }) {
  const formatDateTime = useStoreDateTime();
  const countdown = responseCountdown(dueAt, now);
  return (
    <time
      className={`mo-countdown mo-countdown-${countdown.tone}`}
      dateTime={dueAt}
      title={`Respond by ${formatDateTime(dueAt)}`}
    >
      {countdown.text}
    </time>
  );
}
