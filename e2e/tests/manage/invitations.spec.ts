import path from 'node:path';
import {
  invitationMessages,
  labels,
  managePaths,
  type CreateStoreRequest,
} from '@localmart/contract';
import { apiLogin, apiPost, newAccount, registerVerifiedAccount } from '../../support/api.ts';
import { dialog, fillRegistration, typeCode } from '../../support/auth-ui.ts';
import { expect, test } from '../../support/fixtures.ts';
import { anotherPersonsPage, DEMO_ADMIN, signInToManage } from '../../support/manage.ts';
import { readLatestEmail, readVerificationCode, uniqueEmail } from '../../support/outbox.ts';

/*
 * Issue 16, member invitations (ADR 0018): the owner of an approved store invites an address that
 * has no account yet; the invitee opens the emailed link, creates an account from it, accepts, and
 * appears among the members; a second invitation is revoked and leaves the list. Screenshots of
 * the members page on a desktop and a 390 x 844 phone.
 */

function screenshotPath(name: string) {
  return path.join(test.info().project.outputDir, 'screenshots', name);
}

function storeForm(name: string): CreateStoreRequest {
  const day = [{ open: '08:00', close: '22:00' }];
  return {
    name,
    kind: 'retail',
    type: 'bakery',
    description: 'Bread and pastries baked every morning.',
    address: {
      line1: '88 Harbord St',
      city: 'Toronto',
      region: 'ON',
      postalCode: 'M5S 1G5',
      country: 'ca',
    },
    lat: 43.6625,
    lng: -79.4045,
    phone: '(416) 555-0142',
    email: 'hello@crumb.example',
    hours: {
      weekly: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: day, sun: day },
    },
    fulfilment: { reservePickup: true, buyOnlinePickup: false, sameDayDelivery: false },
    pickupReadyMinutes: 60,
  };
}

test('an owner invites an address, the invitee signs up from the link and accepts; a revoked invitation is gone', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // An approved store (set up through the API: onboarding and approval have their own spec).
  const owner = await registerVerifiedAccount(request, newAccount('owner'));
  const ownerToken = await apiLogin(request, owner);
  const storeName = `Crumb & Co ${Date.now().toString(36)}`;
  const created = await apiPost(request, managePaths.businesses, storeForm(storeName), ownerToken);
  expect(created.body.status, created.body.message).toBe(1);
  const storeId = (created.body as { result: { id: string } }).result.id;
  const adminToken = await apiLogin(request, DEMO_ADMIN);
  const approved = await apiPost(
    request,
    managePaths.adminBusinessReview(storeId),
    { decision: 'approve', note: '' },
    adminToken,
  );
  expect(approved.body.status, approved.body.message).toBe(1);

  // The owner invites an address nobody has registered, and a second one.
  const membersPath = `/manage/stores/${storeId}/members`;
  await signInToManage(page, owner, membersPath);
  const invitee = { ...newAccount('invitee'), firstName: 'Ivy', lastName: 'Baker' };
  const other = uniqueEmail('other');
  const inviteForm = page.locator('form', {
    has: page.getByRole('heading', { name: 'Invite someone' }),
  });
  for (const email of [invitee.email, other]) {
    await inviteForm.getByLabel('Email').fill(email);
    await inviteForm.getByLabel('Role').selectOption('staff');
    await inviteForm.getByRole('button', { name: 'Send invitation' }).click();
    await expect(inviteForm.getByRole('status')).toHaveText(invitationMessages.sent(email));
  }
  const pending = page.getByRole('list', { name: 'Pending invitations' });
  await expect(pending.getByText(invitee.email)).toBeVisible();
  await expect(pending.getByText(other)).toBeVisible();

  // Revoke the second one, after the question.
  await page.getByRole('button', { name: `Revoke the invitation to ${other}` }).click();
  await page
    .getByRole('group', { name: `Revoke the invitation to ${other}?` })
    .getByRole('button', { name: 'Yes, revoke' })
    .click();
  await expect(page.getByText(invitationMessages.revoked)).toBeVisible();
  await expect(pending.getByText(other)).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: screenshotPath('members-desktop.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: screenshotPath('members-phone.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The invitee reads the mail, opens the link and creates an account from it.
  const mail = await readLatestEmail(request, invitee.email, /invitation to help manage a store/);
  expect(mail.text).toContain(`The store calls itself “${storeName}”.`);
  const link = /(https?:\/\/\S+\/manage\/invitations\/[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
  expect(link, 'an invitation link in the email').toBeDefined();
  const invitationPath = new URL(link!).pathname;
  const person = await anotherPersonsPage(browser, baseURL!);
  const inviteePage = person.page;
  await inviteePage.goto(invitationPath);
  await expect(
    inviteePage.getByRole('heading', { name: "You're invited to help manage a store" }),
  ).toBeVisible();
  await inviteePage.getByRole('link', { name: 'Sign in or create an account' }).click();
  await expect(inviteePage).toHaveURL(/\/login\?return_url=manage/);
  await dialog(inviteePage, labels.signIn)
    .getByRole('button', { name: labels.createAccount })
    .click();
  const registration = dialog(inviteePage, labels.createYourAccount);
  await fillRegistration(registration, invitee);
  await registration.getByRole('button', { name: labels.signUp, exact: true }).click();
  const verification = dialog(inviteePage, labels.verification);
  await expect(verification.getByText(invitee.email)).toBeVisible();
  await typeCode(inviteePage, verification, await readVerificationCode(request, invitee.email));
  await verification.getByRole('button', { name: labels.verifyEmail }).click();
  await expect(verification).toBeHidden();
  const login = dialog(inviteePage, labels.signIn);
  await login.getByLabel('Email').fill(invitee.email);
  await login.getByLabel('Password', { exact: true }).fill(invitee.password);
  await login.getByRole('button', { name: labels.signIn, exact: true }).click();

  // Back on the invitation: the store's quoted name, the role, and the answer buttons.
  await expect(inviteePage).toHaveURL(new RegExp(`${invitationPath}$`));
  await expect(inviteePage.getByText(`“${storeName}”`)).toBeVisible();
  await expect(inviteePage.getByText(/You would join as staff/)).toBeVisible();
  await inviteePage.getByRole('button', { name: 'Accept invitation' }).click();
  await expect(inviteePage).toHaveURL(new RegExp(`/manage/stores/${storeId}$`));

  // The owner sees the new member, and nothing pending any more.
  await page.reload();
  const members = page.getByRole('list', { name: 'People who manage this store' });
  await expect(members.getByText('Ivy Baker', { exact: true })).toBeVisible();
  await expect(members.getByText(invitee.email)).toBeVisible();
  await expect(page.getByText('No invitations waiting for an answer.')).toBeVisible();
  // The spent link no longer works.
  await inviteePage.goto(invitationPath);
  await expect(inviteePage.getByRole('alert')).toContainText(invitationMessages.linkInvalid);

  expect(person.consoleErrors).toEqual([]);
  await person.context.close();
});
