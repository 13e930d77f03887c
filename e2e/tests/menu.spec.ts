import { labels } from '@localmart/contract';
import { expect, rememberSignedInUser, test } from '../support/fixtures.ts';

const fixedEntries = [
  labels.menuStores,
  labels.menuProducts,
  labels.menuFoodItems,
  labels.menuServices,
  labels.menuFlyers,
  labels.menuManageYourStore,
];
const demoPages = ['About us', 'Privacy policy', 'FAQ', 'Contact', 'Terms'];
const signedInEntries = [labels.menuProfile, labels.menuMyOrder, labels.menuLogout];
/** Issue 17: a visitor's way in (spec §2 names no menu entry for it). */
const visitorEntries = ['Sign in', 'Create account'];

// Desktop width: the split pane keeps the menu visible beside the page.
test.describe('side menu (spec §2)', () => {
  test('anonymous visitor: the 6 fixed entries, the CMS pages and Sign in, nothing personal', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    for (const name of [...fixedEntries, ...demoPages]) {
      await expect(
        menu
          .getByRole('link', { name, exact: true })
          .or(menu.getByRole('button', { name, exact: true })),
      ).toBeVisible();
    }
    for (const name of signedInEntries) {
      await expect(menu.getByText(name, { exact: true })).toHaveCount(0);
    }
    for (const name of visitorEntries) {
      await expect(menu.getByRole('button', { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByText('1.0.0')).toBeVisible();
    // Sign in opens the login dialog over the page the visitor is on.
    await menu.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('dialog', { name: labels.signIn })).toBeVisible();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('with a token and a user name held: Profile, My Order and Logout appear', async ({
    page,
  }) => {
    await rememberSignedInUser(page);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: labels.menuProfile, exact: true })).toBeVisible();
    await expect(menu.getByRole('link', { name: labels.menuMyOrder, exact: true })).toBeVisible();
    await expect(menu.getByRole('button', { name: labels.menuLogout, exact: true })).toBeVisible();
    for (const name of visitorEntries) {
      await expect(menu.getByText(name, { exact: true })).toHaveCount(0);
    }
  });

  test('menu entries lead to their routes, CMS entries to /cms/{page_id}/{_id}', async ({
    page,
  }) => {
    await page.goto('/home');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const expected: [string, RegExp][] = [
      [labels.menuProducts, /\/products$/],
      [labels.menuFoodItems, /\/menulist$/],
      [labels.menuServices, /\/servicelist$/],
      [labels.menuFlyers, /\/flyerlist$/],
      [labels.menuStores, /\/home$/],
      ['FAQ', /\/cms\/faq\/[0-9a-f-]{36}$/],
    ];
    for (const [name, url] of expected) {
      await menu.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(url);
    }
    await expect(page.getByRole('heading', { name: 'FAQ' }).first()).toBeVisible();
  });

  test('Manage Your Store opens the store-owner site /manage in a new tab', async ({
    page,
    context,
    baseURL,
  }) => {
    await page.goto('/home');
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      menu
        .getByRole('button', { name: labels.menuManageYourStore, exact: true })
        .or(menu.getByRole('link', { name: labels.menuManageYourStore, exact: true }))
        .click(),
    ]);
    await tab.waitForLoadState();
    expect(tab.url()).toBe(`${baseURL}/manage`);
    await expect(
      tab.getByRole('heading', { name: labels.menuManageYourStore }).first(),
    ).toBeVisible();
    // the shopper tab stays where it was
    await expect(page).toHaveURL(/\/home$/);
  });
});
