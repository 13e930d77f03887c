import { apiPaths, labels, STORAGE_KEYS, toastMessages } from '@localmart/contract';
import { apiLogin, registerVerifiedAccount, whoami } from '../support/api.ts';
import { expect, rememberSignedInUser, storedSession, test } from '../support/fixtures.ts';

/*
 * Ionic's JS is marked side-effect-free in the bundler to halve the initial download
 * (docs/decisions/0003-ionic-side-effects.md). These prove the overlays still work in the built app,
 * at phone size where the menu is an overlay too.
 */
test('menu opens from the menu button at phone size', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('button', { name: /menu/i }).first().click();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: labels.menuProducts, exact: true })).toBeVisible();
  await menu.getByRole('link', { name: labels.menuProducts, exact: true }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(menu.getByRole('link', { name: labels.menuProducts, exact: true })).toBeHidden();
});

test('the /login route opens a modal', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: labels.signIn }).first(),
  ).toBeVisible();
});

test('logout asks in an alert, Cancel keeps the session', async ({ page }) => {
  await rememberSignedInUser(page, '/home');
  await page.getByRole('button', { name: /menu/i }).first().click();
  await page.getByRole('button', { name: labels.menuLogout, exact: true }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert.getByText(labels.logoutConfirm)).toBeVisible();
  await alert.getByRole('button', { name: labels.cancel }).click();
  await expect(alert).toBeHidden();
  expect(await storedSession(page)).toMatchObject({ [STORAGE_KEYS.token]: 'e2e-token' });
});

test('logout Yes calls the server, clears the session, toasts, and leaves a private page', async ({
  page,
  request,
}) => {
  const account = await registerVerifiedAccount(request);
  const token = await apiLogin(request, account);
  await rememberSignedInUser(page, '/home', { token });
  await page.goto('/profile');
  await expect(page.getByText(account.email)).toBeVisible();
  await page.getByRole('button', { name: /menu/i }).first().click();
  await page.getByRole('button', { name: labels.menuLogout, exact: true }).click();
  const logoutCall = page.waitForRequest(
    (call) => call.url().endsWith(apiPaths.logout) && call.method() === 'POST',
  );
  await page.getByRole('alertdialog').getByRole('button', { name: labels.yes }).click();
  const call = await logoutCall;
  expect(call.headers()['authorization']).toBe(`Bearer ${token}`);
  // profile is one of the pages spec §4 sends home after logout
  await expect(page).toHaveURL(/\/home$/);
  expect(await storedSession(page)).toEqual({});
  await expect(
    page.locator('[data-sonner-toast]').filter({ hasText: toastMessages.logoutSuccessfully }),
  ).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByText(labels.menuLogout, { exact: true })).toHaveCount(0);
  // the session is revoked on the server too
  expect((await whoami(request, token)).httpStatus).toBe(401);
});

test('logout on a public page stays on the same URL', async ({ page }) => {
  await rememberSignedInUser(page, '/products');
  await page.getByRole('button', { name: /menu/i }).first().click();
  await page.getByRole('button', { name: labels.menuLogout, exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: labels.yes }).click();
  await expect.poll(() => storedSession(page)).toEqual({});
  await expect(page).toHaveURL(/\/products$/);
});
