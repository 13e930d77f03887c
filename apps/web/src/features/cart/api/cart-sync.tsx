import { useCart } from './get-cart.ts';

/**
 * Mounted once by the app shell: reads the cart when the app starts signed in and again after each
 * sign-in (the query key follows the user), so the header badge is right on every page. Signed out,
 * nothing is asked; logout zeroes the badge itself (spec §4).
 */
export function CartSync() {
  useCart();
  return null;
}
