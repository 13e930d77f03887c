import { labels, STORAGE_KEYS, toastMessages } from '@localmart/contract';
import { apiLogin, registerVerifiedAccount } from '../../support/api.ts';
import { dialog, signInThroughModal, toast } from '../../support/auth-ui.ts';
import { expect, rememberSignedInUser, test } from '../../support/fixtures.ts';

test('on opening, an existing session goes straight to /{return_url}', async ({
  page,
  request,
}) => {
  const account = await registerVerifiedAccount(request);
  const token = await apiLogin(request, account);
  await rememberSignedInUser(page, '/home', { token });
  await page.goto('/login?return_url=products');
  await expect(page).toHaveURL(/\/products$/);
  await expect(dialog(page, labels.signIn)).toBeHidden();
});

test('on opening, an existing session without return_url goes to /home', async ({
  page,
  request,
}) => {
  const account = await registerVerifiedAccount(request);
  const token = await apiLogin(request, account);
  await rememberSignedInUser(page, '/products', { token });
  await page.goto('/login');
  await expect(page).toHaveURL(/\/home$/);
});

test('after a successful login it goes to /{return_url}', async ({ page, request }) => {
  const account = await registerVerifiedAccount(request);
  await page.goto('/login?return_url=my-order');
  await signInThroughModal(page, account.email, account.password);
  await expect(toast(page, toastMessages.loginSuccessfully)).toBeVisible();
  await expect(page).toHaveURL(/\/my-order$/);
  await expect(dialog(page, labels.signIn)).toBeHidden();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.isLoggedIn)).toBe(
    'true',
  );
});

test('a private page sends an anonymous visitor to sign in and back', async ({ page, request }) => {
  const account = await registerVerifiedAccount(request);
  await page.goto('/profile');
  await signInThroughModal(page, account.email, account.password);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText(account.email)).toBeVisible();
});
