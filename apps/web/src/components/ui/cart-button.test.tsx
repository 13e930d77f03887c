import { STORAGE_KEYS } from '@localmart/contract';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedState } from '../../lib/shared-state.ts';
import { ALL_STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { CartButton } from './cart-button.tsx';

afterEach(async () => {
  sharedState.setCartRecords(0);
  await storage.remove(...ALL_STORAGE_KEYS);
});

describe('CartButton', () => {
  it('is hidden from a signed-out visitor', () => {
    renderWithProviders(<CartButton />);
    expect(screen.queryByRole('link', { name: /Cart/ })).not.toBeInTheDocument();
  });

  it('links to the cart and follows the record count', async () => {
    await storage.set(STORAGE_KEYS.token, 'tok');
    await storage.set(STORAGE_KEYS.username, 'Ada Lovelace');
    renderWithProviders(<CartButton />);
    const link = screen.getByRole('link', { name: 'Cart, 0 items' });
    expect(link).toHaveAttribute('href', '/cart');
    act(() => sharedState.setCartRecords(1));
    expect(screen.getByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    act(() => sharedState.setCartRecords(3));
    expect(screen.getByRole('link', { name: 'Cart, 3 items' })).toHaveTextContent('3');
  });
});
