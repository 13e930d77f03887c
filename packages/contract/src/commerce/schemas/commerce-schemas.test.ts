import { describe, expect, it } from 'vitest';
import { commerceMessages } from '../commerce-messages.ts';
import { addressInputSchema, addressLine } from './address.ts';
import { addCartItemRequest } from './cart.ts';
import { placeCheckoutRequest } from './checkout.ts';
import { pendingFirstNewest, priceMatchRequestSchema } from './price-match.ts';

const address = {
  name: 'Ada Lovelace',
  phone: '+1 416 555 0100',
  line1: '100 Queen St W',
  city: 'Toronto',
  region: 'ON',
  postalCode: 'M5H 2N2',
  lat: 43.6534,
  lng: -79.3839,
};

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error!.issues[0]!.message;
}

describe('commerce request schemas', () => {
  it('accepts an address and fills the defaults', () => {
    const parsed = addressInputSchema.parse({ ...address, country: 'ca' });
    expect(parsed).toMatchObject({ country: 'CA', line2: null, isDefault: false, label: '' });
    expect(addressLine(parsed)).toBe('100 Queen St W, Toronto ON M5H 2N2');
  });

  it('words each address problem for the shopper', () => {
    expect(firstMessage(addressInputSchema.safeParse({ ...address, name: ' ' }))).toBe(
      commerceMessages.addressNameRequired,
    );
    expect(firstMessage(addressInputSchema.safeParse({ ...address, phone: 'call me' }))).toBe(
      commerceMessages.addressPhoneInvalid,
    );
    expect(firstMessage(addressInputSchema.safeParse({ ...address, postalCode: '!' }))).toBe(
      commerceMessages.addressPostalCodeInvalid,
    );
  });

  it('refuses unknown fields: the client never sends a price', () => {
    expect(
      addCartItemRequest.safeParse({
        kind: 'product',
        itemId: '00000000-0000-4000-8000-000000000001',
        price: 1,
      }).success,
    ).toBe(false);
    expect(
      placeCheckoutRequest.safeParse({
        idempotencyKey: 'a'.repeat(20),
        stores: [
          {
            businessId: '00000000-0000-4000-8000-000000000001',
            fulfilment: 'reserve_pickup',
            total: 1,
          },
        ],
      }).success,
    ).toBe(false);
  });

  it('needs an idempotency key of a sane shape, and upper-cases coupon codes', () => {
    const stores = [
      { businessId: '00000000-0000-4000-8000-000000000001', fulfilment: 'reserve_pickup' },
    ];
    expect(firstMessage(placeCheckoutRequest.safeParse({ idempotencyKey: 'short', stores }))).toBe(
      commerceMessages.idempotencyKeyInvalid,
    );
    const parsed = placeCheckoutRequest.parse({
      idempotencyKey: 'k'.repeat(24),
      stores,
      couponCode: ' welcome10 ',
    });
    expect(parsed.couponCode).toBe('WELCOME10');
    expect(parsed.stores[0]!.addressId).toBeNull();
  });

  it('asks for a web link as price-match evidence', () => {
    const request = {
      offerId: '00000000-0000-4000-8000-000000000001',
      competitorName: 'FreshCo',
      competitorPrice: 399,
      evidenceUrl: 'javascript:alert(1)',
    };
    expect(firstMessage(priceMatchRequestSchema.safeParse(request))).toBe(
      commerceMessages.priceMatchEvidenceRequired,
    );
    expect(
      priceMatchRequestSchema.safeParse({ ...request, evidenceUrl: 'https://freshco.com/flyer' })
        .success,
    ).toBe(true);
  });

  it('refuses a negative competitor price with the price form’s own words', () => {
    const request = {
      offerId: '00000000-0000-4000-8000-000000000001',
      competitorName: 'FreshCo',
      competitorPrice: -399,
      evidenceUrl: 'https://freshco.com/flyer',
    };
    const refused = priceMatchRequestSchema.safeParse(request);
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((issue) => issue.message)).toEqual([
      commerceMessages.priceMatchPriceInvalid,
    ]);
    expect(
      firstMessage(priceMatchRequestSchema.safeParse({ ...request, competitorPrice: 0 })),
    ).toBe(commerceMessages.priceMatchNotLower);
  });
});

describe('price-match order', () => {
  it('lists pending requests first, each group newest first', () => {
    const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T12:00:00.000Z`;
    const requests = [
      { id: 'a', status: 'approved', createdAt: at(20) },
      { id: 'b', status: 'pending', createdAt: at(10) },
      { id: 'c', status: 'declined', createdAt: at(5) },
      { id: 'd', status: 'pending', createdAt: at(15) },
    ] as const;
    expect(pendingFirstNewest(requests).map((request) => request.id)).toEqual(['d', 'b', 'a', 'c']);
  });
});
