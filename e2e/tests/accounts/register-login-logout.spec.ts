import { labels, STORAGE_KEYS, toastMessages, whoamiResponse } from '@localmart/contract';
import { newAccount, whoami } from '../../support/api.ts';
import {
  dialog,
  fillRegistration,
  openRegistration,
  signInThroughModal,
  storedToken,
  toast,
  typeCode,
} from '../../support/auth-ui.ts';
import { expect, test } from '../../support/fixtures.ts';
import { readVerificationCode } from '../../support/outbox.ts';

test('register -> code from the email -> verify -> login -> whoami -> logout -> the token is refused', async ({
  page,
  request,
}) => {
  const account = newAccount('register');
  // Step 1: Create your account
  const registration = await openRegistration(page);
  await fillRegistration(registration, { ...account, email: undefined });
  // the email is lower-cased with spaces removed as typed (spec §5)
  await registration
    .getByLabel('Email')
    .pressSequentially(account.email.toUpperCase().replace('@', ' @'));
  await expect(registration.getByLabel('Email')).toHaveValue(account.email);
  await registration.getByRole('button', { name: labels.signUp, exact: true }).click();

  // Step 2: Verification, with the code read from the dev outbox
  const verification = dialog(page, labels.verification);
  await expect(verification.getByText(account.email)).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userEmail)).toBe(
    account.email,
  );
  const code = await readVerificationCode(request, account.email);
  await typeCode(page, verification, code);
  await verification.getByRole('button', { name: labels.verifyEmail }).click();

  // success closes registration and opens login
  await expect(verification).toBeHidden();
  await signInThroughModal(page, account.email, account.password);
  await expect(toast(page, toastMessages.loginSuccessfully)).toBeVisible();
  await expect(dialog(page, labels.signIn)).toBeHidden();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('button', { name: labels.menuLogout })).toBeVisible();

  // whoami answers the user for the stored token
  const token = await storedToken(page);
  expect(token).toBeTruthy();
  const me = await whoami(request, token!);
  expect(me.httpStatus).toBe(200);
  const parsed = whoamiResponse.parse(me.body);
  expect(parsed.status === 1 && parsed.result.user).toMatchObject({
    first_name: account.firstName,
    last_name: account.lastName,
  });

  // logout: confirm alert, server call, storage cleared
  await menu.getByRole('button', { name: labels.menuLogout }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: labels.yes }).click();
  await expect(toast(page, toastMessages.logoutSuccessfully)).toBeVisible();
  expect(await storedToken(page)).toBeNull();
  await expect(menu.getByText(labels.menuLogout, { exact: true })).toHaveCount(0);

  // the old token no longer works anywhere
  const after = await whoami(request, token!);
  expect(after.httpStatus).toBe(401);
  expect(after.body.status).toBe(0);
});

test('unverified login -> Resend Activation code -> step 2 -> verify -> sign in', async ({
  page,
  request,
}) => {
  const account = newAccount('unverified');
  // Step 1 through the UI, then walk away without entering the code
  const registration = await openRegistration(page);
  await fillRegistration(registration, account);
  await registration.getByRole('button', { name: labels.signUp, exact: true }).click();
  await expect(dialog(page, labels.verification)).toBeVisible();
  await page.evaluate(() => localStorage.clear());

  // Sign in while unverified: Sign In is replaced by Resend Activation code
  await page.goto('/login');
  await signInThroughModal(page, account.email, account.password);
  const login = dialog(page, labels.signIn);
  const resend = login.getByRole('button', { name: labels.resendActivationCode });
  await expect(resend).toBeVisible();
  await expect(login.getByRole('button', { name: labels.signIn, exact: true })).toHaveCount(0);
  await resend.click();

  // Registration opens directly at step 2 (activation mode)
  const verification = dialog(page, labels.verification);
  await expect(verification.getByText(account.email)).toBeVisible();
  const code = await readVerificationCode(request, account.email);
  await typeCode(page, verification, code);
  await verification.getByRole('button', { name: labels.verifyEmail }).click();
  await expect(verification).toBeHidden();

  await signInThroughModal(page, account.email, account.password);
  await expect(toast(page, toastMessages.loginSuccessfully)).toBeVisible();
});
