import path from 'node:path';
import {
  businessDetailResponse,
  catalogPaths,
  DEMO_ACCOUNT_PASSWORD,
  DEMO_ACCOUNTS,
  manageMeResponse,
  managePaths,
  ORDER_STATUS_LABELS,
} from '@localmart/contract';
import { apiLogin, apiPost, type TestAccount } from '../../support/api.ts';
import {
  getJson,
  offersOf,
  payInSimulator,
  reserve,
  signedInShopper,
} from '../../support/commerce.ts';
import { expect, test } from '../../support/fixtures.ts';

/*
 * Issue 14, "Must show" 2: the shopper's order page is open; the demo owner accepts the order, then
 * marks it ready (through the store API, as the store site's buttons do); each time the page shows
 * the new status within 3 s without a reload, and the bell's unread count rises.
 */
const DEMO_OWNER: TestAccount = { ...DEMO_ACCOUNTS.owner, password: DEMO_ACCOUNT_PASSWORD };

test.use({ server: 'commerce' });

test('the order page follows the store live and the bell counts what it was told', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
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

  await signedInShopper(page, request, store.result);
  await reserve(page, item.offer);
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await payInSimulator(page, /^Pay \$/, 'Pay');
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await page.getByRole('link', { name: 'View order details' }).first().click();
  await expect(page).toHaveURL(/\/order-details\//);
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);
  const head = page.getByRole('region', { name: /^Order LM-/ });
  await expect(head).toContainText(ORDER_STATUS_LABELS.placed);
  // The bell of the order page's own header: Ionic keeps the leaving page (with its own bell) a moment.
  const bell = page
    .getByRole('banner')
    .filter({ hasText: 'Order details' })
    .getByRole('button', { name: /^Notifications/ });
  await expect(bell).toHaveAccessibleName('Notifications');

  const act = async (pathOf: string, body: unknown) => {
    const answer = await apiPost(request, pathOf, body, ownerToken);
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
    return Date.now();
  };

  const accepted = await act(managePaths.orderAccept(owned.id, orderId), {});
  await expect(head).toContainText(ORDER_STATUS_LABELS.accepted, { timeout: 3_000 });
  const acceptSeen = Date.now() - accepted;
  await expect(page.getByText('Updated just now')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread', { timeout: 3_000 });

  const readied = await act(managePaths.orderReady(owned.id, orderId), {});
  await expect(head).toContainText(ORDER_STATUS_LABELS.ready_for_pickup, { timeout: 3_000 });
  const readySeen = Date.now() - readied;
  await expect(bell).toHaveAccessibleName('Notifications, 2 unread', { timeout: 3_000 });
  test.info().annotations.push({
    type: 'latency',
    description: `accepted seen after ${acceptSeen} ms, ready after ${readySeen} ms`,
  });

  // The bell's list: newest first; opening one marks it read and opens its order.
  await bell.click();
  const panel = page.getByRole('dialog', { name: 'Notifications' });
  await expect(panel.getByRole('button', { name: /Ready for pickup/ })).toBeVisible();
  await expect(panel.getByRole('button', { name: /Order accepted/ })).toBeVisible();
  await page.screenshot({
    path: path.join(test.info().project.outputDir, 'screenshots', 'bell-open.png'),
  });
  await panel.getByRole('button', { name: /Ready for pickup/ }).click();
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await bell.click();
  await page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('button', { name: 'Mark all read' })
    .click();
  await expect(
    page.getByRole('dialog', { name: 'Notifications' }).getByLabel('Unread'),
  ).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(bell).toHaveAccessibleName('Notifications');
});
