import { STORAGE_KEYS, stockStatus, type Offer } from '@localmart/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authModals } from '../../lib/auth-modals.ts';
import { ALL_STORAGE_KEYS, storage } from '../../lib/storage.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { showInfo } from '../ui/toasts/toasts.ts';
import {
  CART_NEXT_RELEASE_MESSAGE,
  CART_NEXT_RELEASE_TITLE,
  OfferActions,
} from './offer-actions.tsx';

vi.mock('../ui/toasts/toasts.ts', () => ({
  showError: vi.fn(),
  showSuccess: vi.fn(),
  showInfo: vi.fn(),
  toastId: vi.fn(),
}));

function offer(quantity: number, fulfilment: Partial<Offer['fulfilment']> = {}): Offer {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    productId: '00000000-0000-4000-8000-000000000002',
    business: {
      id: '00000000-0000-4000-8000-000000000003',
      slug: 'corner-market',
      name: 'Corner Market',
      kind: 'retail',
      logo: { url: '/logo.svg', width: 256, height: 256, alt: 'Corner Market logo' },
      addressLine: '1 King St W',
      lat: 43.65,
      lng: -79.38,
      openState: {
        open: true,
        status: 'Open now',
        detail: null,
        text: 'Open now',
        changesAt: null,
      },
    },
    price: { amount: 499, currency: 'CAD' },
    sale: null,
    currentPrice: { amount: 499, currency: 'CAD' },
    onSale: false,
    quantity,
    stock: stockStatus(quantity),
    updatedAt: '2026-11-20T10:00:00.000Z',
    distanceKm: 1.2,
    pickupPromise: 'Usually ready in 2 h',
    fulfilment: {
      reservePickup: true,
      buyOnlinePickup: true,
      sameDayDelivery: false,
      ...fulfilment,
    },
  };
}

afterEach(async () => {
  authModals.close();
  await storage.remove(...ALL_STORAGE_KEYS);
});

describe('OfferActions', () => {
  it('shows Reserve and Add to cart by the fulfilment flags', () => {
    const { unmount } = renderWithProviders(<OfferActions offer={offer(5)} />);
    expect(screen.getByRole('button', { name: 'Reserve at Corner Market' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add to cart at Corner Market' })).toBeEnabled();
    unmount();

    renderWithProviders(
      <OfferActions
        offer={offer(5, { reservePickup: false, buyOnlinePickup: false, sameDayDelivery: true })}
      />,
    );
    expect(screen.queryByRole('button', { name: /Reserve/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Add to cart/ })).toBeEnabled();
  });

  it('disables both and says why when the offer is not labelled in stock', () => {
    renderWithProviders(<OfferActions offer={offer(0)} />);
    expect(screen.getByRole('button', { name: /Reserve/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Add to cart/ })).toBeDisabled();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
  });

  it('asks a signed-out shopper to sign in, returning to this page', async () => {
    renderWithProviders(<OfferActions offer={offer(3)} />, { path: '/details?id=abc' });
    await userEvent.click(screen.getByRole('button', { name: /Add to cart/ }));
    expect(authModals.getSnapshot().view).toEqual({ kind: 'login' });
    expect(authModals.getSnapshot().returnUrl).toBe('details?id=abc');
    expect(showInfo).not.toHaveBeenCalled();
  });

  it('tells a signed-in shopper the cart comes in the next release', async () => {
    await storage.set(STORAGE_KEYS.token, 'tok');
    await storage.set(STORAGE_KEYS.username, 'Ada Lovelace');
    renderWithProviders(<OfferActions offer={offer(3)} />);
    await userEvent.click(screen.getByRole('button', { name: /Reserve/ }));
    expect(showInfo).toHaveBeenCalledWith(CART_NEXT_RELEASE_TITLE, CART_NEXT_RELEASE_MESSAGE);
    expect(authModals.getSnapshot().view).toBeNull();
  });
});
