import { commercePaths, STORAGE_KEYS } from '@localmart/contract';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sharedState } from '../../../lib/shared-state.ts';
import { ALL_STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { mockApi } from '../../../test/api-mock.ts';
import { cartAnswer, cartLine } from '../../../test/cart-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CartSync } from './cart-sync.tsx';

afterEach(async () => {
  sharedState.setCartRecords(0);
  vi.unstubAllGlobals();
  await storage.remove(...ALL_STORAGE_KEYS);
});

describe('CartSync', () => {
  it('asks nothing while signed out', async () => {
    const api = mockApi({});
    renderWithProviders(<CartSync />);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.calls).toEqual([]);
    expect(sharedState.get().cartRecords).toBe(0);
  });

  it('reads the cart once signed in and sets the badge to the number of units', async () => {
    const api = mockApi({
      [`GET ${commercePaths.cart}`]: () => ({
        body: cartAnswer([cartLine({ quantity: 3 }), cartLine()]),
      }),
    });
    renderWithProviders(<CartSync />);
    await storage.set(STORAGE_KEYS.token, 'tok');
    await storage.set(STORAGE_KEYS.username, 'Ada Lovelace');
    // 3 + 1 units on 2 lines: the badge agrees with the cart's "Subtotal (4 items)".
    await waitFor(() => expect(sharedState.get().cartRecords).toBe(4));
    expect(api.callsTo('GET', commercePaths.cart)).toHaveLength(1);
    expect(api.calls[0]?.headers.Authorization).toBe('Bearer tok');
  });
});
