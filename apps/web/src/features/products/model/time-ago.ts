const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "Stock updated 2 h ago": how fresh a store's count is, so a shopper can judge "Only 2 left" before
 * driving over. Coarse on purpose; a clock skew of a few seconds reads as "just now", not "in 3 s".
 */
export function stockUpdatedLabel(updatedAt: string, now: Date = new Date()): string {
  const at = Date.parse(updatedAt);
  if (Number.isNaN(at)) return 'Stock update time unknown';
  const age = Math.max(0, now.getTime() - at);
  if (age < MINUTE) return 'Stock updated just now';
  if (age < HOUR) return `Stock updated ${Math.floor(age / MINUTE)} min ago`;
  if (age < DAY) return `Stock updated ${Math.floor(age / HOUR)} h ago`;
  const days = Math.floor(age / DAY);
  return `Stock updated ${days} ${days === 1 ? 'day' : 'days'} ago`;
}
