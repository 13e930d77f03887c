import { describe, expect, it } from 'vitest';
import { address, cartStore, storeB, storeBFixture } from '../test/fixtures.ts';
import { buildHostedForm } from './hosted-form.ts';
import { checkoutIdempotencyKey, forgetIdempotencyKey } from './idempotency-key.ts';
import {
  effectiveAddressId,
  initialChoice,
  missingDeliveryAddress,
  preferReserve,
  toSelection,
} from './store-choices.ts';

describe('store choices', () => {
  it('starts on the first offered method, or keeps an earlier choice the store still offers', () => {
    const store = cartStore({
      fulfilment: { reservePickup: false, buyOnlinePickup: true, sameDayDelivery: false },
    });
    expect(initialChoice(store, undefined)?.fulfilment).toBe('buy_online_pickup');
    expect(
      initialChoice(store, { fulfilment: 'same_day_delivery', addressId: null, note: '' })
        ?.fulfilment,
    ).toBe('buy_online_pickup');
    expect(
      initialChoice(
        cartStore({
          fulfilment: { reservePickup: false, buyOnlinePickup: false, sameDayDelivery: false },
        }),
        undefined,
      ),
    ).toBeNull();
  });

  it('reserves for the store named by ?reserve only when it offers reserving', () => {
    const b = storeBFixture();
    const chosen = {
      [storeB]: { fulfilment: 'same_day_delivery' as const, addressId: 'x', note: 'n' },
    };
    expect(preferReserve(chosen, [b], storeB)[storeB]).toEqual({
      fulfilment: 'reserve_pickup',
      addressId: 'x',
      note: 'n',
    });
    const noReserve = { ...b, fulfilment: { ...b.fulfilment, reservePickup: false } };
    expect(preferReserve(chosen, [noReserve], storeB)).toBe(chosen);
  });

  it('delivers to the chosen, the just added, the default, then the first saved address', () => {
    const home = address({ id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b01', isDefault: false });
    const work = address({ id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b02', isDefault: true });
    const choice = { fulfilment: 'same_day_delivery' as const, addressId: null, note: '' };
    expect(effectiveAddressId(choice, [home, work], null)).toBe(work.id);
    expect(effectiveAddressId(choice, [home, work], home.id)).toBe(home.id);
    expect(effectiveAddressId({ ...choice, addressId: home.id }, [home, work], work.id)).toBe(
      home.id,
    );
    expect(effectiveAddressId({ ...choice, addressId: 'gone' }, [], null)).toBeNull();
  });

  it('sends an address only for delivery, and no blank coupon', () => {
    const selection = toSelection(
      [cartStore(), storeBFixture()],
      {
        [cartStore().id]: { fulfilment: 'reserve_pickup', addressId: 'ignored', note: '' },
        [storeB]: { fulfilment: 'same_day_delivery', addressId: null, note: 'ring' },
      },
      [],
      null,
      '',
    );
    expect(selection.couponCode).toBeNull();
    expect(selection.stores.map((s) => s.addressId)).toEqual([null, null]);
    expect(missingDeliveryAddress(selection)).toBe(true);
  });
});

describe('idempotency key', () => {
  it('is made once per visit and forgotten once placed', () => {
    forgetIdempotencyKey();
    const key = checkoutIdempotencyKey();
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(checkoutIdempotencyKey()).toBe(key);
    forgetIdempotencyKey();
    expect(checkoutIdempotencyKey()).not.toBe(key);
    forgetIdempotencyKey();
  });
});

describe('hosted payment form', () => {
  it('posts every field as a hidden input to the provider', () => {
    const form = buildHostedForm({
      action: 'https://secure.payu.in/_payment',
      method: 'POST',
      fields: { key: 'k', hash: 'h&"<' },
    });
    expect(form.method).toBe('post');
    expect(form.action).toBe('https://secure.payu.in/_payment');
    expect(
      [...form.elements].map((e) => [
        (e as HTMLInputElement).name,
        (e as HTMLInputElement).value,
        (e as HTMLInputElement).type,
      ]),
    ).toEqual([
      ['key', 'k', 'hidden'],
      ['hash', 'h&"<', 'hidden'],
    ]);
  });

  it("posts the simulator's path to the page's own host on the web, to the server in the native shells", () => {
    const simulator = { action: '/payu-sim/_payment', method: 'POST' as const, fields: {} };
    expect(buildHostedForm(simulator, document, '').action).toBe(
      `${window.location.origin}/payu-sim/_payment`,
    );
    expect(buildHostedForm(simulator, document, 'https://shop.example.com').action).toBe(
      'https://shop.example.com/payu-sim/_payment',
    );
  });
});
