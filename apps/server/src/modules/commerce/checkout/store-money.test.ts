import { describe, expect, it } from 'vitest';
import { menuUnitPrice } from '../cart/menu-options.ts';
import { storeMoney } from './store-money.ts';

describe('storeMoney', () => {
  it('adds the delivery fee and the tax on what is left after the discount', () => {
    expect(
      storeMoney({ subtotal: 4000, discount: 400, deliveryFee: 499, taxRateBps: 1300 }),
    ).toEqual({ subtotal: 4000, discount: 400, deliveryFee: 499, tax: 533, total: 4632 });
  });

  it('never discounts more than the goods', () => {
    expect(
      storeMoney({ subtotal: 1000, discount: 2500, deliveryFee: 0, taxRateBps: 1300 }),
    ).toEqual({ subtotal: 1000, discount: 1000, deliveryFee: 0, tax: 0, total: 0 });
    expect(storeMoney({ subtotal: 1000, discount: 2500, deliveryFee: 499, taxRateBps: 0 })).toEqual(
      { subtotal: 1000, discount: 1000, deliveryFee: 499, tax: 0, total: 499 },
    );
  });

  it('never answers a negative amount, even from a negative fee, discount, tax rate or goods', () => {
    const money = storeMoney({
      subtotal: -5650,
      discount: -100,
      deliveryFee: -2000,
      taxRateBps: -1300,
    });
    expect(money).toEqual({ subtotal: 0, discount: 0, deliveryFee: 0, tax: 0, total: 0 });
  });

  it('an order of a dish with a lowering option cannot lower the other store’s order in a checkout', () => {
    // Issue 12: $268.89 of one store's goods, and a dish whose option took $56.50 off in another;
    // the hold was the sum, $212.39. Each order is priced on its own and none is below zero now.
    const groceries = storeMoney({ subtotal: 26889, discount: 0, deliveryFee: 0, taxRateBps: 0 });
    const dish = menuUnitPrice({ amount: 500, currency: 'CAD' }, [
      { priceDelta: { amount: -6150, currency: 'CAD' } },
    ]);
    expect(dish.ok).toBe(false);
    const restaurant = storeMoney({
      subtotal: dish.price.amount * 1,
      discount: 0,
      deliveryFee: 0,
      taxRateBps: 1300,
    });
    expect(restaurant.total).toBe(0);
    expect(groceries.total + restaurant.total).toBe(26889);
  });
});
