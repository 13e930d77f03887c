import { orderStatusLabel, type OrderStatus } from '@localmart/contract';
import { statusGroup } from '../model/format.ts';

/** The order's status in words, coloured by its group (active, completed, cancelled). */
export function StatusChip({
  status,
  appointment = false,
}: {
  status: OrderStatus;
  /** A service booking: 'Ready for your appointment', not 'Ready for pickup' (issue 15). */
  appointment?: boolean;
}) {
  return (
    <span className={`lm-order-chip lm-order-chip-${statusGroup(status)}`}>
      {orderStatusLabel(status, appointment)}
    </span>
  );
}
