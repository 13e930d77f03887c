import { describe, expect, it } from 'vitest';
import { cad, orderMoney, orderSummary, storeB } from '../../../test/commerce-fixtures.ts';
import { ordersOfPayment, paymentPlan, payLabel } from './payment-plan.ts';

const reserve = orderSummary();
const delivery = orderSummary({
  id: '0a000000-0000-4000-8000-000000000002',
  number: 'LM-1002',
  fulfilment: 'same_day_delivery',
  total: cad(1629),
  money: orderMoney({ total: 1629 }),
  store: { ...orderSummary().store, id: storeB, name: 'Danforth Grocer' },
});

describe('payment plan', () => {
  it('labels the one button with the whole amount', () => {
    expect(payLabel({ amount: cad(2759) })).toBe('Pay $27.59');
  });

  it('says the card is held once and when each store charges its own share', () => {
    expect(
      paymentPlan({ amount: cad(2759), orderIds: [reserve.id, delivery.id] }, [reserve, delivery]),
    ).toBe(
      '$27.59 is held on your card once. Queen Street Market charges its $11.30 when you pick up; ' +
        'Danforth Grocer charges its $16.29 now. Anything cancelled is released.',
    );
  });

  it('words a single order without repeating its amount', () => {
    expect(paymentPlan({ amount: cad(1629), orderIds: [delivery.id] }, [reserve, delivery])).toBe(
      '$16.29 is held on your card once. Danforth Grocer charges it now. Anything cancelled is released.',
    );
  });

  it('falls back to the orders in the payment’s currency when it names none', () => {
    expect(ordersOfPayment({ amount: cad(2759), orderIds: [] }, [reserve, delivery])).toEqual([
      reserve,
      delivery,
    ]);
    expect(
      ordersOfPayment({ amount: { amount: 500, currency: 'USD' }, orderIds: [] }, [reserve]),
    ).toEqual([]);
  });
});
