import { describe, expect, it } from 'vitest';
import { isPickup, offeredMethods, paymentModeOf } from './fulfilment.ts';

describe('fulfilment', () => {
  it('holds the card for reserve orders and charges the rest', () => {
    expect(paymentModeOf('reserve_pickup')).toBe('preauth');
    expect(paymentModeOf('buy_online_pickup')).toBe('charge');
    expect(paymentModeOf('same_day_delivery')).toBe('charge');
  });

  it('tells pickup from delivery', () => {
    expect(isPickup('reserve_pickup')).toBe(true);
    expect(isPickup('same_day_delivery')).toBe(false);
  });

  it("lists a store's methods in a fixed order", () => {
    expect(
      offeredMethods({ reservePickup: true, buyOnlinePickup: false, sameDayDelivery: true }),
    ).toEqual(['reserve_pickup', 'same_day_delivery']);
    expect(
      offeredMethods({ reservePickup: false, buyOnlinePickup: false, sameDayDelivery: false }),
    ).toEqual([]);
  });
});
