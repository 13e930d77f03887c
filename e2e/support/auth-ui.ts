import { labels, STORAGE_KEYS } from '@localmart/contract';
import { expect, type Page } from '@playwright/test';

/** The modal dialog titled `name` (modals are named by their title heading). */
export function dialog(page: Page, name: string | RegExp) {
  return page.getByRole('dialog', { name });
}

/** Type a code into the code-entry widget, box by box, as a person would. */
export async function typeCode(page: Page, scope: ReturnType<Page['locator']>, code: string) {
  await scope.getByRole('textbox', { name: /digit 1\b/i }).click();
  await page.keyboard.type(code);
}

export async function signInThroughModal(page: Page, email: string, password: string) {
  const login = dialog(page, labels.signIn);
  await expect(login).toBeVisible();
  await login.getByLabel('Email').fill(email);
  await login.getByLabel('Password', { exact: true }).fill(password);
  await login.getByRole('button', { name: labels.signIn, exact: true }).click();
}

export function storedToken(page: Page) {
  return page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
}

export function toast(page: Page, text: string | RegExp) {
  return page.locator('[data-sonner-toast]').filter({ hasText: text });
}

/** Open the registration dialog from the login modal of /login. */
export async function openRegistration(page: Page) {
  await page.goto('/login');
  await dialog(page, labels.signIn).getByRole('button', { name: labels.createAccount }).click();
  return dialog(page, labels.createYourAccount);
}

/** Fill step 1 of registration; the email field is left to the caller when it is under test. */
export async function fillRegistration(
  registration: ReturnType<typeof dialog>,
  account: { firstName: string; lastName: string; email?: string; password: string },
) {
  await registration.getByLabel('First name').fill(account.firstName);
  await registration.getByLabel('Last name').fill(account.lastName);
  if (account.email !== undefined) await registration.getByLabel('Email').fill(account.email);
  await registration.getByLabel('Password', { exact: true }).fill(account.password);
  await registration.getByLabel('Confirm password').fill(account.password);
}
