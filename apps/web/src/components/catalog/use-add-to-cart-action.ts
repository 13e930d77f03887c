import { commerceMessages, toastTitles, type AddCartItemRequest } from '@localmart/contract';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAddToCart } from '../../lib/cart/add-to-cart.ts';
import type { CartData } from '../../lib/cart/cart-cache.ts';
import { authModals } from '../../lib/auth-modals.ts';
import { isNetworkFailure } from '../../lib/http.ts';
import { useSession } from '../../lib/storage.ts';
import { showError, showSuccess } from '../ui/toasts/toasts.ts';

export const CART_PATH = '/cart';
export const VIEW_CART_LABEL = 'View cart';
export const NOT_ADDED_TITLE = 'Not added';

export interface AddToCartOptions {
  /** Instead of the "Added to cart" toast (Reserve goes on to checkout). */
  onAdded?: (cart: CartData) => void;
}

/**
 * What every "Add to cart" / "Add to order" / "Book" button does: a signed-out visitor is asked to
 * sign in and comes back to this page (spec §2 return_url, no leading slash); a signed-in shopper's
 * item is added and a toast offers the cart; a refusal shows the server's message. Network failures
 * are logged by the HTTP helper and not toasted (spec §8).
 */
export function useAddToCartAction() {
  const { isLoggedIn } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const mutation = useAddToCart(({ failure }) => {
    if (!isNetworkFailure(failure)) showError(NOT_ADDED_TITLE, failure.message);
  });

  /** False when the visitor was asked to sign in instead. */
  function add(body: AddCartItemRequest, options: AddToCartOptions = {}): boolean {
    if (!isLoggedIn) {
      authModals.openLogin({ returnUrl: `${location.pathname}${location.search}`.slice(1) });
      return false;
    }
    mutation.mutate({
      body,
      onAdded:
        options.onAdded ??
        (() =>
          showSuccess(toastTitles.success, commerceMessages.addedToCart, {
            label: VIEW_CART_LABEL,
            onClick: () => navigate(CART_PATH),
          })),
    });
    return true;
  }

  return { add, isPending: mutation.isPending };
}
