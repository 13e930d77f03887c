/**
 * The countdown to an order's response deadline (issue 6: a store answers within 4 business hours).
 * Pure so it can be tested with fixed clocks; the inbox and the order page re-run it on a timer.
 */

/** Under this many minutes left the countdown turns amber. */
export const WARNING_UNDER_MINUTES = 60;
/** Under this many minutes left it turns red. */
export const DANGER_UNDER_MINUTES = 15;

export type CountdownTone = 'normal' | 'warning' | 'danger' | 'overdue';

export interface Countdown {
  /** "Respond within 3 h 12 min", or "Overdue". */
  text: string;
  tone: CountdownTone;
  /** Whole minutes left, rounded down (0 once overdue). */
  minutesLeft: number;
}

const MINUTE_MS = 60_000;

/** 192 -> "3 h 12 min"; 45 -> "45 min"; 1500 -> "1 d 1 h" (a weekend in between: days read better). */
export function formatDuration(minutes: number): string {
  if (minutes < 1) return 'less than 1 min';
  const days = Math.floor(minutes / (24 * 60));
  const hours = Math.floor((minutes % (24 * 60)) / 60);
  const mins = minutes % 60;
  if (days > 0) return hours > 0 ? `${days} d ${hours} h` : `${days} d`;
  if (hours > 0) return mins > 0 ? `${hours} h ${mins} min` : `${hours} h`;
  return `${mins} min`;
}

/**
 * The wording and colour for a deadline at `dueAt` seen at `now`. Minutes round down, so the store
 * is never told it has more time than it has.
 */
export function responseCountdown(dueAt: string | Date, now: Date): Countdown {
  const due = typeof dueAt === 'string' ? new Date(dueAt) : dueAt;
  const leftMs = due.getTime() - now.getTime();
  if (!(leftMs > 0)) return { text: 'Overdue', tone: 'overdue', minutesLeft: 0 };
  const minutesLeft = Math.floor(leftMs / MINUTE_MS);
  const tone: CountdownTone =
    minutesLeft < DANGER_UNDER_MINUTES
      ? 'danger'
      : minutesLeft < WARNING_UNDER_MINUTES
        ? 'warning'
        : 'normal';
  return { text: `Respond within ${formatDuration(minutesLeft)}`, tone, minutesLeft };
}
