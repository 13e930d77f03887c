import { commerceMessages, commercePaths } from '@localmart/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authModals } from '../../lib/auth-modals.ts';
import { sharedState } from '../../lib/shared-state.ts';
import { mockApi } from '../../test/api-mock.ts';
import { cartAnswer, cartLine, offerFixture } from '../../test/cart-fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { signIn, signOut } from '../../test/session.ts';
import { showError, showSuccess } from '../ui/toasts/toasts.ts';
import { OfferActions } from './offer-actions.tsx';
import { VIEW_CART_LABEL } from './use-add-to-cart-action.ts';

vi.mock('../ui/toasts/toasts.ts', () => import('../../test/toasts-mock.ts'));

beforeEach(() => {
  vi.mocked(showSuccess).mockClear();
  vi.mocked(showError).mockClear();
  sharedState.setCartRecords(0);
});

afterEach(async () => {
  authModals.close();
  vi.unstubAllGlobals();
  await signOut();
});

describe('OfferActions', () => {
  it('shows Reserve and Add to cart by the fulfilment flags', () => {
    const { unmount } = renderWithProviders(<OfferActions offer={offerFixture(5)} />);
    expect(screen.getByRole('button', { name: 'Reserve at Corner Market' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add to cart at Corner Market' })).toBeEnabled();
    unmount();

    renderWithProviders(
      <OfferActions
        offer={offerFixture(5, {
          reservePickup: false,
          buyOnlinePickup: false,
          sameDayDelivery: true,
        })}
      />,
    );
    expect(screen.queryByRole('button', { name: /Reserve/ })).toBeNull();
    expect(screen.getByRole('button', { name: /Add to cart/ })).toBeEnabled();
  });

  it('disables both and says why when the offer is out of stock', () => {
    renderWithProviders(<OfferActions offer={offerFixture(0)} />);
    expect(screen.getByRole('button', { name: /Reserve/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Add to cart/ })).toBeDisabled();
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
  });

  it('keeps the last unit ("Limited availability") buyable', () => {
    renderWithProviders(<OfferActions offer={offerFixture(1)} />);
    expect(screen.getByRole('button', { name: /Reserve/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Add to cart/ })).toBeEnabled();
  });

  it('asks a signed-out shopper to sign in, returning to this page, and calls nothing', async () => {
    const api = mockApi({});
    renderWithProviders(<OfferActions offer={offerFixture(3)} />, { path: '/details?id=abc' });
    await userEvent.click(screen.getByRole('button', { name: /Add to cart/ }));
    expect(authModals.getSnapshot().view).toEqual({ kind: 'login' });
    expect(authModals.getSnapshot().returnUrl).toBe('details?id=abc');
    expect(api.calls).toEqual([]);
  });

  it('adds the offer to the cart, updates the badge and offers the cart in a toast', async () => {
    await signIn();
    const api = mockApi({
      [`POST ${commercePaths.cartItems}`]: () => ({
        body: cartAnswer([cartLine(), cartLine()]),
      }),
    });
    renderWithProviders(<OfferActions offer={offerFixture(3)} />);
    await userEvent.click(screen.getByRole('button', { name: /Add to cart/ }));
    await waitFor(() => expect(showSuccess).toHaveBeenCalled());
    expect(api.callsTo('POST', commercePaths.cartItems)[0]?.body).toEqual({
      kind: 'product',
      itemId: offerFixture(3).id,
      quantity: 1,
    });
    expect(sharedState.get().cartRecords).toBe(2);
    const [, message, action] = vi.mocked(showSuccess).mock.calls[0] ?? [];
    expect(message).toBe(commerceMessages.addedToCart);
    expect(action?.label).toBe(VIEW_CART_LABEL);
  });

  it('reserves: adds, then opens the payment page with reserve chosen for this store', async () => {
    await signIn();
    mockApi({
      [`POST ${commercePaths.cartItems}`]: () => ({ body: cartAnswer([cartLine()]) }),
    });
    const onNavigate = vi.fn();
    renderWithProviders(<OfferActions offer={offerFixture(3)} onNavigate={onNavigate} />, {
      path: '/details?id=abc',
    });
    await userEvent.click(screen.getByRole('button', { name: /Reserve/ }));
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/payumoney?reserve=${offerFixture(3).business.id}`,
      ),
    );
    expect(showSuccess).not.toHaveBeenCalled();
    expect(onNavigate).toHaveBeenCalledOnce();
  });

  it('shows the server refusal in an error toast and leaves the badge alone', async () => {
    await signIn();
    mockApi({
      [`POST ${commercePaths.cartItems}`]: () => ({
        status: 409,
        body: { status: 0, message: commerceMessages.itemOutOfStock },
      }),
    });
    renderWithProviders(<OfferActions offer={offerFixture(3)} />);
    await userEvent.click(screen.getByRole('button', { name: /Add to cart/ }));
    await waitFor(() =>
      expect(showError).toHaveBeenCalledWith(expect.any(String), commerceMessages.itemOutOfStock),
    );
    expect(sharedState.get().cartRecords).toBe(0);
  });
});
