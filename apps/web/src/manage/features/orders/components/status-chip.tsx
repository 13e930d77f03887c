import { ORDER_STATUS_LABELS, type OrderStatus } from '@localmart/contract';

const WAITING: ReadonlySet<OrderStatus> = new Set(['placed']);
const ENDED_BADLY: ReadonlySet<OrderStatus> = new Set([
  'declined',
  'cancelled',
  'auto_cancelled',
  'no_show',
  'refunded',
]);

/** The order's status in the contract's words: amber while it waits for the store, red when it ended unsold. */
export function StatusChip({ status }: { status: OrderStatus }) {
  const tone = WAITING.has(status) ? 'warning' : ENDED_BADLY.has(status) ? 'danger' : 'normal';
  return <span className={`mo-chip mo-chip-${tone}`}>{ORDER_STATUS_LABELS[status]}</span>;
}
