import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type ShopperLiveStatus, useShopperEvents } from '../../../lib/shopper-live.ts';
import { orderKeys } from './query-keys.ts';

export interface LiveOrder {
  state: ShopperLiveStatus['state'];
  /** When the page last read the order again because it changed (ms), null before. */
  updatedAt: number | null;
}

/**
 * Keeps one order page live (issue 14): when the store (or the 4-hour rule, or a refund) changes
 * this order, the shopper's stream says so (`order.status`, `order.money`) and the page reads the
 * order again. A new notification may be about this order too (a refund made): read it again then
 * as well, it is one small request. After the stream was lost, the order is read again at once.
 */
export function useLiveOrder(orderId: string, enabled: boolean): LiveOrder {
  const queryClient = useQueryClient();
  const [updatedAt, setUpdatedAt] = useState<number | null>(null);
  const refresh = () => {
    void queryClient
      .invalidateQueries({ queryKey: orderKeys.detail(orderId) })
      .then(() => setUpdatedAt(Date.now()));
    // Lists showing this order are read again when next shown.
    void queryClient.invalidateQueries({ queryKey: orderKeys.all, refetchType: 'none' });
  };
  const { state, reconnects } = useShopperEvents(
    (event) => {
      const data = event.data;
      if (
        (data.kind === 'order.status' || data.kind === 'order.money') &&
        data.orderId === orderId
      ) {
        refresh();
      } else if (data.kind === 'notification.created') {
        void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
      }
    },
    enabled && orderId !== '',
  );
  useEffect(() => {
    if (reconnects > 0) void queryClient.invalidateQueries({ queryKey: orderKeys.detail(orderId) });
  }, [reconnects, orderId, queryClient]);
  return { state, updatedAt };
}
