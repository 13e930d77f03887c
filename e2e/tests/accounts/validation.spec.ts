import { labels, validationMessages as v } from '@localmart/contract';
import { registerAccount } from '../../support/api.ts';
import { dialog, signInThroughModal } from '../../support/auth-ui.ts';
import { expect, test } from '../../support/fixtures.ts';

// Spec §5: every message, on its form, shown only after a submit attempt.

test('login form messages', async ({ page }) => {
  await page.goto('/login');
  const login = dialog(page, labels.signIn);
  await login.getByLabel('Email').fill('not-an-email');
  await expect(login.getByText(v.login.emailInvalid)).toHaveCount(0);
  await login.getByLabel('Email').fill('');
  await login.getByRole('button', { name: labels.signIn, exact: true }).click();
  await expect(login.getByText(v.login.emailRequired)).toBeVisible();
  await expect(login.getByText(v.login.passwordRequired)).toBeVisible();
  await login.getByLabel('Email').fill('not-an-email');
  await login.getByLabel('Password', { exact: true }).fill('12345');
  await login.getByRole('button', { name: labels.signIn, exact: true }).click();
  await expect(login.getByText(v.login.emailInvalid)).toBeVisible();
  await expect(login.getByText(v.login.passwordTooShort)).toBeVisible();
});

test('forgot password form messages', async ({ page }) => {
  await page.goto('/login');
  await dialog(page, labels.signIn)
    .getByRole('button', { name: labels.forgotPasswordLink })
    .click();
  const forgot = dialog(page, labels.forgotPasswordTitle);
  await expect(forgot.getByText(v.forgotPassword.emailRequired)).toHaveCount(0);
  await forgot.getByRole('button', { name: labels.submit }).click();
  await expect(forgot.getByText(v.forgotPassword.emailRequired)).toBeVisible();
  await forgot.getByLabel('Email').fill('nope@');
  await forgot.getByRole('button', { name: labels.submit }).click();
  await expect(forgot.getByText(v.forgotPassword.emailInvalid)).toBeVisible();
  // the back arrow returns to login
  await forgot.getByRole('button', { name: 'Back' }).click();
  await expect(dialog(page, labels.signIn)).toBeVisible();
});

test('registration form messages', async ({ page }) => {
  await page.goto('/login');
  await dialog(page, labels.signIn).getByRole('button', { name: labels.createAccount }).click();
  const registration = dialog(page, labels.createYourAccount);
  await expect(registration.getByText(v.registration.firstNameRequired)).toHaveCount(0);
  await registration.getByRole('button', { name: labels.signUp, exact: true }).click();
  for (const message of [
    v.registration.firstNameRequired,
    v.registration.lastNameRequired,
    v.registration.emailRequired,
    v.registration.passwordRequired,
    v.registration.confirmPasswordRequired,
  ]) {
    await expect(registration.getByText(message, { exact: true })).toBeVisible();
  }
  await registration.getByLabel('Email').fill('bad@');
  await registration.getByLabel('Password', { exact: true }).fill('123');
  await registration.getByLabel('Confirm password').fill('124');
  await registration.getByRole('button', { name: labels.signUp, exact: true }).click();
  await expect(registration.getByText(v.registration.emailInvalid)).toBeVisible();
  await expect(registration.getByText(v.registration.passwordTooShort)).toBeVisible();
  await expect(registration.getByText(v.registration.passwordsNotMatching)).toBeVisible();
});

test('verification code is required, in the modal and on the Verify your Email screen', async ({
  page,
}) => {
  await page.goto('/mobile-verify');
  await expect(page.getByRole('heading', { name: labels.verifyYourEmail }).first()).toBeVisible();
  await page.getByRole('button', { name: labels.verifyNow }).click();
  await expect(page.getByText(v.verification.codeRequired)).toBeVisible();

  await page.goto('/login');
  await dialog(page, labels.signIn).getByRole('button', { name: labels.createAccount }).click();
  // "open the OTP dialog": step 2 without a known email says 'your registered email Id'
  const registration = dialog(page, labels.createYourAccount);
  await registration
    .getByRole('button', { name: /verification code|enter code|already have a code/i })
    .click();
  const verification = dialog(page, labels.verification);
  await expect(verification.getByText(labels.registeredEmailFallback)).toBeVisible();
  await verification.getByRole('button', { name: labels.verifyEmail }).click();
  await expect(verification.getByText(v.verification.codeRequired)).toBeVisible();
});

test('Resend Activation code needs an email in the login form', async ({ page, request }) => {
  const account = await registerAccount(request);
  await page.goto('/login');
  await signInThroughModal(page, account.email, account.password);
  const login = dialog(page, labels.signIn);
  await expect(login.getByRole('button', { name: labels.resendActivationCode })).toBeVisible();
  await login.getByLabel('Email').fill('');
  await login.getByRole('button', { name: labels.resendActivationCode }).click();
  await expect(page.getByText(v.resendActivation.emailRequired).first()).toBeVisible();
});
