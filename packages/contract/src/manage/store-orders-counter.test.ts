import { describe, expect, it } from 'vitest';
import type { OrderMoney } from '../commerce/order-money.ts';
import {
  groupPickupCode,
  noShowAllowedFrom,
  noShowMoneyText,
  orderItemsSummary,
  parsePickupInput,
} from './store-orders.ts';

const cad = (amount: number) => ({ amount, currency: 'CAD' });
function money(
  amounts: { authorised?: number; captured?: number; released?: number; refunded?: number },
  pending: OrderMoney['pending'] = [],
): OrderMoney {
  return {
    state: 'held',
    label: '',
    authorised: cad(amounts.authorised ?? 0),
    captured: cad(amounts.captured ?? 0),
    released: cad(amounts.released ?? 0),
    refunded: cad(amounts.refunded ?? 0),
    pending,
    events: [],
  };
}

describe('issue 15: the counter and the no-show rule, in words', () => {
  it("says what a no-show does with this order's own money", () => {
    expect(noShowMoneyText(money({ authorised: 1130 }))).toBe(
      "The hold of $11.30 on the shopper's card is released: nothing is charged.",
    );
    expect(noShowMoneyText(money({ authorised: 2500, captured: 2500 }))).toBe(
      'The shopper is refunded $25.00 to their card.',
    );
    // A charge still on its way is refunded too; a refund already made is not repeated.
    expect(
      noShowMoneyText(money({ authorised: 2500 }, [{ kind: 'capture', amount: cad(2500) }])),
    ).toBe('The shopper is refunded $25.00 to their card.');
    expect(noShowMoneyText(money({ authorised: 2500, captured: 1000 }))).toBe(
      'The shopper is refunded $10.00 to their card and the hold of $15.00 is released.',
    );
    expect(noShowMoneyText(money({}))).toBe(
      'Nothing was charged for this order, so there is nothing to refund or release.',
    );
  });

  it('allows a no-show from the ready-by time plus the hold window', () => {
    const readyBy = new Date('2026-11-20T21:00:00.000Z');
    expect(noShowAllowedFrom(readyBy, 90)?.toISOString()).toBe('2026-11-20T22:30:00.000Z');
    expect(noShowAllowedFrom(readyBy, null)?.toISOString()).toBe('2026-11-21T21:00:00.000Z');
    expect(noShowAllowedFrom(null, 90)).toBeNull();
  });

  it('names the items of a row, cut to fit', () => {
    expect(
      orderItemsSummary([
        { title: 'Oat Milk 1 L', quantity: 2 },
        { title: 'Sourdough', quantity: 1 },
      ]),
    ).toBe('2 × Oat Milk 1 L, Sourdough');
    const many = ['Apples', 'Bananas', 'Cherries', 'Dates', 'Eggs', 'Figs', 'Grapes', 'Honey'].map(
      (title) => ({ title: `${title} organic 1 kg`, quantity: 1 }),
    );
    const cut = orderItemsSummary(many, 60);
    expect(cut).toBe('Apples organic 1 kg, Bananas organic 1 kg, +6 more');
    expect(cut.length).toBeLessThanOrEqual(60);
    expect(orderItemsSummary([{ title: 'x'.repeat(80), quantity: 1 }], 20)).toHaveLength(20);
    expect(orderItemsSummary([])).toBe('');
  });

  it('matches codes ignoring spaces, dashes and case; shows them grouped', () => {
    expect(parsePickupInput(' ppj gjg ')).toEqual({ orderId: null, code: 'PPJGJG' });
    expect(parsePickupInput('PPJ-GJG')).toEqual({ orderId: null, code: 'PPJGJG' });
    expect(parsePickupInput('localmart:pickup:abc:ppj gjg')).toEqual({
      orderId: 'abc',
      code: 'PPJGJG',
    });
    expect(parsePickupInput('   ')).toBeNull();
    expect(groupPickupCode('PPJGJG')).toBe('PPJ GJG');
    expect(groupPickupCode('ppjg')).toBe('PPJG');
  });
});
