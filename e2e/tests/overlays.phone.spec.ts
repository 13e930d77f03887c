import { apiPaths, labels, STORAGE_KEYS } from '@localmart/contract';
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
}) => {
  await rememberSignedInUser(page, '/profile');
  await page.getByRole('button', { name: /menu/i }).first().click();
  await page.getByRole('button', { name: labels.menuLogout, exact: true }).click();
  const logoutCall = page.waitForRequest(
    (request) => request.url().endsWith(apiPaths.logout) && request.method() === 'POST',
  );
  await page.getByRole('alertdialog').getByRole('button', { name: labels.yes }).click();
  const request = await logoutCall;
  expect(request.headers()['authorization']).toBe('Bearer e2e-token');
  // profile is one of the pages spec §4 sends home after logout
  await expect(page).toHaveURL(/\/home$/);
  expect(await storedSession(page)).toEqual({});
  // a toast reports the outcome (the server's message until accounts land)
  await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByText(labels.menuLogout, { exact: true })).toHaveCount(0);
});

test('logout on a public page stays on the same URL', async ({ page }) => {
  await rememberSignedInUser(page, '/products');
  await page.getByRole('button', { name: /menu/i }).first().click();
  await page.getByRole('button', { name: labels.menuLogout, exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: labels.yes }).click();
  await expect.poll(() => storedSession(page)).toEqual({});
  await expect(page).toHaveURL(/\/products$/);
});
