import { describe, expect, it } from 'vitest';
import {
  catalogEditMessages,
  menuItemCreateRequest,
  menuItemPatchRequest,
  menuOptionEditSchema,
  serviceCreateRequest,
} from './catalog-editing.ts';
import { offerAddSchema, offerPatchSchema, offersMessages } from './offers.ts';
import { createStoreRequest, storeFulfilmentRequest, storeMessages } from './stores.ts';

/** Every message the schema gave, so a test reads which words the owner sees. */
function messagesOf(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? [] : result.error!.issues.map((issue) => issue.message);
}

const PRODUCT_ID = '00000000-0000-4000-8000-000000000001';
const CATEGORY_ID = '00000000-0000-4000-8000-000000000002';

const dish = {
  name: 'Latte',
  priceAmount: 525,
  optionGroups: [
    {
      name: 'Size',
      minChoices: 1,
      maxChoices: 1,
      options: [
        { name: 'Small', priceDeltaAmount: 0 },
        { name: 'Large', priceDeltaAmount: 75 },
      ],
    },
  ],
};

const delivering = {
  fulfilment: { reservePickup: false, buyOnlinePickup: false, sameDayDelivery: true },
  delivery: {
    radiusKm: 5,
    fee: { amount: 499, currency: 'CAD' },
    minimumOrder: { amount: 2500, currency: 'CAD' },
    cutoffTime: '15:00',
  },
};

describe('money a store sets is never negative', () => {
  it('refuses an option that lowers the price, and keeps free options', () => {
    expect(
      messagesOf(menuOptionEditSchema.safeParse({ name: 'Small', priceDeltaAmount: -50 })),
    ).toEqual([catalogEditMessages.optionPriceNegative]);
    expect(catalogEditMessages.optionPriceNegative).toBe(
      'An option cannot lower the price. Enter 0 or more.',
    );
    const lowering = {
      ...dish,
      optionGroups: [
        {
          ...dish.optionGroups[0]!,
          options: [{ name: 'Small', priceDeltaAmount: -2000 }, dish.optionGroups[0]!.options[1]!],
        },
      ],
    };
    expect(messagesOf(menuItemCreateRequest.safeParse(lowering))).toEqual([
      catalogEditMessages.optionPriceNegative,
    ]);
    expect(
      messagesOf(menuItemPatchRequest.safeParse({ optionGroups: lowering.optionGroups })),
    ).toEqual([catalogEditMessages.optionPriceNegative]);
    expect(menuItemCreateRequest.safeParse(dish).success).toBe(true);
  });

  it('refuses a negative dish or service price in words, and allows 0', () => {
    expect(messagesOf(menuItemCreateRequest.safeParse({ ...dish, priceAmount: -1 }))).toEqual([
      catalogEditMessages.priceNegative,
    ]);
    expect(messagesOf(menuItemPatchRequest.safeParse({ priceAmount: -1 }))).toEqual([
      catalogEditMessages.priceNegative,
    ]);
    const service = {
      name: 'Haircut',
      priceAmount: -1500,
      priceType: 'fixed',
      durationMinutes: 30,
      categoryId: CATEGORY_ID,
    };
    expect(messagesOf(serviceCreateRequest.safeParse(service))).toEqual([
      catalogEditMessages.priceNegative,
    ]);
    expect(serviceCreateRequest.safeParse({ ...service, priceAmount: 0 }).success).toBe(true);
  });

  it('refuses a negative or zero offer price and sale price', () => {
    expect(messagesOf(offerPatchSchema.safeParse({ price: -500 }))).toEqual([
      offersMessages.priceNotPositive,
    ]);
    expect(messagesOf(offerPatchSchema.safeParse({ salePrice: -1 }))).toEqual([
      offersMessages.salePriceNotPositive,
    ]);
    expect(
      messagesOf(offerAddSchema.safeParse({ productId: PRODUCT_ID, price: -1, quantity: 3 })),
    ).toEqual([offersMessages.priceNotPositive]);
    expect(offerPatchSchema.safeParse({ price: 1, salePrice: null }).success).toBe(true);
  });

  it('refuses a negative delivery fee or minimum order, and allows free delivery', () => {
    const withDelivery = (fee: number, minimum: number) => ({
      ...delivering,
      delivery: {
        ...delivering.delivery,
        fee: { amount: fee, currency: 'CAD' },
        minimumOrder: { amount: minimum, currency: 'CAD' },
      },
    });
    expect(messagesOf(storeFulfilmentRequest.safeParse(withDelivery(-100, 2500)))).toEqual([
      storeMessages.deliveryFeeNegative,
    ]);
    expect(storeMessages.deliveryFeeNegative).toBe('The delivery fee cannot be negative.');
    expect(messagesOf(storeFulfilmentRequest.safeParse(withDelivery(499, -1)))).toEqual([
      storeMessages.minimumOrderNegative,
    ]);
    expect(storeFulfilmentRequest.safeParse(withDelivery(0, 0)).success).toBe(true);
    // Onboarding holds the same fields.
    const created = createStoreRequest.safeParse({ ...withDelivery(-100, 2500) });
    expect(messagesOf(created)).toContain(storeMessages.deliveryFeeNegative);
  });
});
