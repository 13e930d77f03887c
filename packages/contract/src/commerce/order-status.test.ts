import { describe, expect, it } from 'vitest';
import { FULFILMENT_METHODS } from './fulfilment.ts';
import {
  canTransition,
  illegalTransitionMessage,
  isFinalStatus,
  nextStatuses,
  ORDER_ACTORS,
  ORDER_STATUSES,
  STOCK_RELEASED_STATUSES,
} from './order-status.ts';

describe('order state machine', () => {
  it('walks the happy paths of pickup and delivery', () => {
    expect(canTransition('awaiting_payment', 'placed', 'system', 'reserve_pickup')).toBe(true);
    expect(canTransition('placed', 'accepted', 'store', 'reserve_pickup')).toBe(true);
    expect(canTransition('accepted', 'ready_for_pickup', 'store', 'reserve_pickup')).toBe(true);
    expect(canTransition('ready_for_pickup', 'completed', 'store', 'reserve_pickup')).toBe(true);
    expect(canTransition('accepted', 'out_for_delivery', 'store', 'same_day_delivery')).toBe(true);
    expect(canTransition('out_for_delivery', 'completed', 'store', 'same_day_delivery')).toBe(true);
  });

  it('keeps pickup and delivery steps apart', () => {
    expect(canTransition('accepted', 'out_for_delivery', 'store', 'buy_online_pickup')).toBe(false);
    expect(canTransition('accepted', 'ready_for_pickup', 'store', 'same_day_delivery')).toBe(false);
  });

  it('lets the shopper cancel only before the store accepts', () => {
    expect(canTransition('placed', 'cancelled', 'shopper', 'reserve_pickup')).toBe(true);
    expect(canTransition('accepted', 'cancelled', 'shopper', 'reserve_pickup')).toBe(false);
    expect(nextStatuses('accepted', 'shopper', 'reserve_pickup')).toEqual([]);
  });

  it('lets the shopper cancel a booked appointment after acceptance too (the route checks the cut-off)', () => {
    const booking = { appointment: true };
    expect(canTransition('accepted', 'cancelled', 'shopper', 'reserve_pickup', booking)).toBe(true);
    expect(
      canTransition('ready_for_pickup', 'cancelled', 'shopper', 'buy_online_pickup', booking),
    ).toBe(true);
    expect(canTransition('completed', 'cancelled', 'shopper', 'reserve_pickup', booking)).toBe(
      false,
    );
    expect(canTransition('ready_for_pickup', 'cancelled', 'shopper', 'reserve_pickup')).toBe(false);
    expect(canTransition('accepted', 'cancelled', 'store', 'reserve_pickup', booking)).toBe(false);
  });

  it('gives the right actor each move', () => {
    expect(canTransition('placed', 'accepted', 'shopper', 'reserve_pickup')).toBe(false);
    expect(canTransition('placed', 'auto_cancelled', 'store', 'reserve_pickup')).toBe(false);
    expect(canTransition('placed', 'auto_cancelled', 'system', 'reserve_pickup')).toBe(true);
    expect(nextStatuses('placed', 'store', 'same_day_delivery')).toEqual(['accepted', 'declined']);
  });

  it('has no way out of a final status, and every final status is reachable', () => {
    for (const status of ORDER_STATUSES.filter(isFinalStatus)) {
      for (const to of ORDER_STATUSES)
        for (const actor of ORDER_ACTORS)
          for (const method of FULFILMENT_METHODS)
            expect(canTransition(status, to, actor, method)).toBe(false);
      const reachable = ORDER_STATUSES.some((from) =>
        ORDER_ACTORS.some((actor) =>
          FULFILMENT_METHODS.some((method) => canTransition(from, status, actor, method)),
        ),
      );
      expect(reachable, status).toBe(true);
    }
  });

  it('never moves an order to the status it is in', () => {
    for (const status of ORDER_STATUSES)
      for (const actor of ORDER_ACTORS)
        for (const method of FULFILMENT_METHODS)
          expect(canTransition(status, status, actor, method)).toBe(false);
  });

  it('releases stock for the exits that give goods back, not for completed or refunded', () => {
    expect(STOCK_RELEASED_STATUSES.has('cancelled')).toBe(true);
    expect(STOCK_RELEASED_STATUSES.has('no_show')).toBe(true);
    expect(STOCK_RELEASED_STATUSES.has('completed')).toBe(false);
    expect(STOCK_RELEASED_STATUSES.has('refunded')).toBe(false);
  });

  it('words a refusal with both statuses', () => {
    expect(illegalTransitionMessage('completed', 'cancelled')).toBe(
      'An order that is completed cannot be cancelled.',
    );
    expect(illegalTransitionMessage('accepted', 'out_for_delivery')).toBe(
      'An order that is accepted cannot be sent out for delivery.',
    );
  });
});
