import { describe, expect, it } from 'vitest';
import {
  durationLabel,
  pickupPromiseLabel,
  saveAmountLabel,
  servicePriceLabel,
} from './catalog-labels.ts';
import { currentPrice, isSaleActive } from './offer-price.ts';

const cad = (amount: number) => ({ amount, currency: 'CAD' });

describe('catalogue labels', () => {
  it('words pickup promises', () => {
    expect(pickupPromiseLabel(30)).toBe('Usually ready in 30 min');
    expect(pickupPromiseLabel(120)).toBe('Usually ready in 2 h');
    expect(pickupPromiseLabel(90)).toBe('Usually ready in 1.5 h');
    expect(pickupPromiseLabel(24 * 60)).toBe('Usually ready in 1 day');
    expect(pickupPromiseLabel(48 * 60)).toBe('Usually ready in 2 days');
  });

  it('words durations', () => {
    expect(durationLabel(45)).toBe('45 min');
    expect(durationLabel(60)).toBe('1 h');
    expect(durationLabel(90)).toBe('1 h 30 min');
    expect(durationLabel(2)).toBe('5 min');
  });

  it('words service prices and savings', () => {
    expect(servicePriceLabel(cad(3500), 'fixed')).toBe('$35.00');
    expect(servicePriceLabel(cad(12000), 'from')).toBe('From $120.00');
    expect(saveAmountLabel(cad(549), cad(399))).toBe('Save $1.50');
  });
});

describe('offer price', () => {
  const sale = {
    price: cad(399),
    startsAt: '2025-06-12T04:00:00.000Z',
    endsAt: '2025-06-19T04:00:00.000Z',
  };
  const offer = { price: cad(549), sale };

  it('applies a sale only inside its window (start included, end excluded)', () => {
    expect(isSaleActive(sale, new Date('2025-06-12T04:00:00.000Z'))).toBe(true);
    expect(isSaleActive(sale, new Date('2025-06-19T04:00:00.000Z'))).toBe(false);
    expect(isSaleActive(null, new Date())).toBe(false);
  });

  it('answers the price to pay and the regular price', () => {
    expect(currentPrice(offer, new Date('2025-06-15T12:00:00Z'))).toEqual({
      price: cad(399),
      onSale: true,
      regularPrice: cad(549),
    });
    expect(currentPrice(offer, new Date('2025-06-25T12:00:00Z'))).toEqual({
      price: cad(549),
      onSale: false,
      regularPrice: cad(549),
    });
  });
});
