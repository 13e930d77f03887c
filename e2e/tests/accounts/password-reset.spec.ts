import { labels, toastMessages } from '@localmart/contract';
import { apiLogin, registerVerifiedAccount, whoami } from '../../support/api.ts';
import { dialog, signInThroughModal, toast } from '../../support/auth-ui.ts';
import { expect, test } from '../../support/fixtures.ts';
import { readResetLink } from '../../support/outbox.ts';

test('forgot password -> emailed link -> reset -> old sessions dead -> sign in with the new password', async ({
  page,
  request,
  baseURL,
}) => {
  const account = await registerVerifiedAccount(request);
  const oldSession = await apiLogin(request, account);
  expect((await whoami(request, oldSession)).httpStatus).toBe(200);

  await page.goto('/login');
  await dialog(page, labels.signIn)
    .getByRole('button', { name: labels.forgotPasswordLink })
    .click();
  const forgot = dialog(page, labels.forgotPasswordTitle);
  await expect(forgot.getByText(labels.forgotPasswordPrompt)).toBeVisible();
  await forgot.getByLabel('Email').fill(account.email);
  await forgot.getByRole('button', { name: labels.submit }).click();
  // success leads back to the login modal
  await expect(dialog(page, labels.signIn)).toBeVisible();

  const link = await readResetLink(request, account.email);
  // the link is built on our own origin, never on a host a caller chose
  expect(new URL(link).origin).toBe(baseURL);
  await page.goto(link);
  const newPassword = 'cedar-river-77';
  await page.getByLabel('New password').fill(newPassword);
  await page.getByLabel('Confirm password').fill(newPassword);
  await page.getByRole('button', { name: /reset password/i }).click();
  await expect(page).toHaveURL(/\/login/);

  // every earlier session is revoked
  expect((await whoami(request, oldSession)).httpStatus).toBe(401);
  // the link works once only
  await page.goto(link);
  await page.getByLabel('New password').fill('another-pass-99');
  await page.getByLabel('Confirm password').fill('another-pass-99');
  await page.getByRole('button', { name: /reset password/i }).click();
  await expect(toast(page, /invalid|expired/i)).toBeVisible();

  await page.goto('/login');
  await signInThroughModal(page, account.email, account.password);
  await expect(
    dialog(page, labels.signIn).getByRole('button', { name: labels.signIn, exact: true }),
  ).toBeVisible();
  await signInThroughModal(page, account.email, newPassword);
  await expect(toast(page, toastMessages.loginSuccessfully)).toBeVisible();
});
