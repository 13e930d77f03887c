import {
  accountMessages,
  labels,
  STORAGE_KEYS,
  toastMessages,
  whoamiResponse,
} from '@localmart/contract';
import type { Page } from '@playwright/test';
import { whoami } from '../../support/api.ts';
import { dialog, storedToken, toast } from '../../support/auth-ui.ts';
import { addToCart, offersOf, storesNear, type StoreOffer } from '../../support/commerce.ts';
import { expect, test } from '../../support/fixtures.ts';
import { signGoogleIdToken } from '../../support/google.ts';
import { uniqueEmail } from '../../support/outbox.ts';

/**
 * The app picks `window.__localmartGoogleAdapter` over Google Identity Services when a test defines
 * it; this fake answers what GIS would, with an id_token signed by the local JWKS signer.
 */
async function fakeGoogle(page: Page, profile: Record<string, string>) {
  await page.addInitScript((answer) => {
    (window as unknown as { __localmartGoogleAdapter: unknown }).__localmartGoogleAdapter = {
      signIn: async () => answer,
    };
  }, profile);
}

test('Login with Google: a locally signed id_token signs the user in', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('google');
  const sub = `sub-${Date.now()}`;
  const idToken = await signGoogleIdToken({ sub, email, givenName: 'Grace', familyName: 'Hopper' });
  await fakeGoogle(page, {
    google_id: sub,
    email,
    first_name: 'Grace',
    last_name: 'Hopper',
    name: 'Grace Hopper',
    picture: '',
    id_token: idToken,
    access_token: 'e2e-access-token',
  });

  await page.goto('/products');
  await page.goto('/login');
  await dialog(page, labels.signIn).getByRole('button', { name: labels.loginWithGoogle }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(dialog(page, labels.signIn)).toBeHidden();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('button', { name: labels.menuLogout })).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.username)).toBe(
    'Grace Hopper',
  );

  const token = await storedToken(page);
  const me = whoamiResponse.parse((await whoami(request, token!)).body);
  expect(me.status === 1 && me.result.user).toMatchObject({
    first_name: 'Grace',
    last_name: 'Hopper',
  });
});

test('a forged Google token is refused with an error, no session', async ({ page }) => {
  const email = uniqueEmail('forged');
  const genuine = await signGoogleIdToken({
    sub: 'sub-forged',
    email,
    givenName: 'Eve',
    familyName: 'Forger',
  });
  const [header, payload] = genuine.split('.');
  const forged = `${header}.${payload}.${Buffer.from('not-a-signature').toString('base64url')}`;
  await fakeGoogle(page, {
    google_id: 'sub-forged',
    email,
    first_name: 'Eve',
    last_name: 'Forger',
    name: 'Eve Forger',
    picture: '',
    id_token: forged,
    access_token: 'x',
  });
  await page.goto('/login');
  await dialog(page, labels.signIn).getByRole('button', { name: labels.loginWithGoogle }).click();
  await expect(page.locator('[data-sonner-toast][data-type="error"]').first()).toBeVisible();
  expect(await storedToken(page)).toBeNull();
});

test.describe('server with Google sign-in not configured', () => {
  test.use({ server: 'no-google' });

  test('Login with Google falls back to the demo sign-in (spec §4, §8), which can shop', async ({
    page,
    request,
  }) => {
    test.slow(); // it also finds an offer through the catalogue API and shops
    await page.goto('/login');
    await dialog(page, labels.signIn).getByRole('button', { name: labels.loginWithGoogle }).click();
    await expect(toast(page, toastMessages.demoGoogleLoginInfo)).toBeVisible();
    await expect(toast(page, toastMessages.demoSignedInWithGoogle)).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('button', { name: labels.menuLogout })).toBeVisible();

    // The backend googleLogin service made a real session for a demo shopper (no local-only record).
    const stored = (key: string) => page.evaluate((k) => localStorage.getItem(k), key);
    expect(await stored(STORAGE_KEYS.userData)).toBeNull();
    expect(await stored(STORAGE_KEYS.username)).toBe('Demo User');
    const token = await storedToken(page);
    const me = whoamiResponse.parse((await whoami(request, token!)).body);
    expect(me.status === 1 && me.result.user).toMatchObject({ display_name: 'Demo User' });

    // ...so Add to cart, Cart and My Order work instead of 'Please sign in to continue.'
    const stores = await storesNear(request);
    let item: StoreOffer | undefined;
    for (const store of stores) {
      // Add to cart shows where the store sells online (pickup or same-day delivery), not reserve-only.
      item = (await offersOf(request, store)).find(
        ({ offer }) => offer.fulfilment.buyOnlinePickup || offer.fulfilment.sameDayDelivery,
      );
      if (item) break;
    }
    if (!item) throw new Error('the demo city has no store selling online with stock');
    await addToCart(page, item.offer);
    await page.goto('/cart');
    await expect(page.getByText(item.title).first()).toBeVisible();
    await expect(page.getByText(accountMessages.signInRequired)).toHaveCount(0);
    await page.goto('/my-order');
    // a fresh demo shopper: no orders yet (the page's own empty state, not a sign-in prompt)
    await expect(page.getByRole('heading', { name: 'No orders yet' })).toBeVisible();
    await expect(page.getByText(accountMessages.signInRequired)).toHaveCount(0);
  });

  test('Register with Google falls back to the demo registration', async ({ page }) => {
    await page.goto('/login');
    await dialog(page, labels.signIn).getByRole('button', { name: labels.createAccount }).click();
    await dialog(page, labels.createYourAccount)
      .getByRole('button', { name: labels.registerWithGoogle })
      .click();
    await expect(toast(page, toastMessages.demoGoogleRegistrationInfo)).toBeVisible();
    await expect(toast(page, toastMessages.demoGoogleRegistrationSuccessful)).toBeVisible();
  });
});
