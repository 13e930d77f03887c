import {
  businessDetailResponse,
  catalogPaths,
  commerceMessages,
  DEMO_ACCOUNT_PASSWORD,
  DEMO_ACCOUNTS,
  manageMeResponse,
  managePaths,
  PRICE_MATCH_STATUS_LABELS,
} from '@localmart/contract';
import { apiLogin, type TestAccount } from '../../support/api.ts';
import { getJson, offersOf, signedInShopper } from '../../support/commerce.ts';
import { expect, test } from '../../support/fixtures.ts';
import { anotherPersonsPage, signInToManage } from '../../support/manage.ts';

/*
 * A price match from both sides: a shopper asks the demo owner's grocery to match a competitor's
 * price on a product page, reads "Waiting for the store" on their profile, the owner approves it
 * with a note on the store site, and the shopper's profile shows the answer and the note.
 */

const DEMO_OWNER: TestAccount = { ...DEMO_ACCOUNTS.owner, password: DEMO_ACCOUNT_PASSWORD };

test('a shopper asks for a price match, the store approves it, the profile shows the answer', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // The demo owner's store and one of its in-stock offers.
  const ownerToken = await apiLogin(request, DEMO_OWNER);
  const me = manageMeResponse.parse(
    await (
      await request.get(managePaths.me, { headers: { authorization: `Bearer ${ownerToken}` } })
    ).json(),
  );
  const owned = me.result.stores.find((store) => store.role === 'owner');
  if (!owned) throw new Error('the demo owner owns no store');
  const store = await getJson(request, catalogPaths.business(owned.id), businessDetailResponse);
  if (store.status !== 1) throw new Error(store.message);
  const [item] = await offersOf(request, store.result);
  if (!item) throw new Error(`${owned.name} has no offer in stock`);
  const theirPrice = ((item.unit - 50) / 100).toFixed(2);
  // Its own name, so the owner's queue shows one card of it even after a retry.
  const competitor = `FreshCo ${Date.now().toString(36)}`;

  // The shopper asks on the product page.
  await signedInShopper(page, request, store.result);
  await page.goto(`/details?id=${item.offer.productId}`);
  await page.getByRole('button', { name: `Price match at ${owned.name}` }).click();
  const form = page.getByRole('form', { name: `Price match at ${owned.name}` });
  await form.getByLabel('Competitor store').fill(competitor);
  await form.getByLabel(/^Their price/).fill(theirPrice);
  await form.getByLabel('Link to their advertised price').fill('https://freshco.example/flyer');
  await form.getByRole('button', { name: 'Ask for a price match' }).click();
  await expect(page.getByText(commerceMessages.priceMatchRequested)).toBeVisible();

  // Their profile lists it, waiting for the store.
  await page.goto('/profile');
  const requests = page.getByRole('region', { name: 'Price-match requests' });
  const request1 = requests.getByRole('listitem').filter({ hasText: competitor });
  await expect(request1.getByText(PRICE_MATCH_STATUS_LABELS.pending)).toBeVisible();
  await expect(request1.getByText(`Competitor: ${competitor}`, { exact: false })).toBeVisible();
  await expect(request1.getByRole('link', { name: item.title })).toHaveAttribute(
    'href',
    new RegExp(item.offer.productId),
  );

  // The owner approves it on the store site, with a note.
  const owner = await anotherPersonsPage(browser, baseURL ?? '');
  const queuePath = `/manage/stores/${owned.id}/price-matches`;
  await signInToManage(owner.page, DEMO_OWNER, queuePath);
  const card = owner.page.getByRole('article').filter({ hasText: competitor });
  await card
    .getByLabel('Note to the shopper (required to decline)')
    .fill('Matched for you, thanks!');
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(card.getByText('Your note: Matched for you, thanks!')).toBeVisible();
  expect(owner.consoleErrors).toEqual([]);
  await owner.context.close();

  // Back on the profile: approved, until when, and the store's note.
  await page.reload();
  await expect(request1.getByText(PRICE_MATCH_STATUS_LABELS.approved)).toBeVisible();
  await expect(request1.getByText(/Matched price applies until/)).toBeVisible();
  await expect(request1.getByText('Matched for you, thanks!')).toBeVisible();
});
