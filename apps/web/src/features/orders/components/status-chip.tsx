import { ORDER_STATUS_LABELS, type OrderStatus } from '@localmart/contract';
import { statusGroup } from '../model/format.ts';

/** The order's status in words, coloured by its group (active, completed, cancelled). */
export function StatusChip({ status }: { status: OrderStatus }) {
  return (
    <span className={`lm-order-chip lm-order-chip-${statusGroup(status)}`}>
      {ORDER_STATUS_LABELS[status]}
    </span>
  );
}
