import { mkdirSync } from 'node:fs';
import {
  businessDetailResponse,
  catalogPaths,
  commercePaths,
  DEMO_ACCOUNT_PASSWORD,
  DEMO_ACCOUNTS,
  manageMeResponse,
  managePaths,
  orderDetailResponse,
} from '@localmart/contract';
import { apiLogin, apiPost, type TestAccount } from '../../support/api.ts';
import { DEMO_TIME_ZONE } from '../../support/clock.ts';
import {
  getJson,
  offersOf,
  payInSimulator,
  reserve,
  signedInShopper,
} from '../../support/commerce.ts';
import { expect, test } from '../../support/fixtures.ts';
import { signInToManage } from '../../support/manage.ts';
import { readLatestEmail } from '../../support/outbox.ts';

/*
 * Issue 15, must show 1 (and the phone screenshots of must show 4): a three-line order; the store
 * marks one line unavailable and proposes a substitute for another on its order page ("Accept with
 * changes"); the shopper approves it in the app; the store hands it over; the captured amount equals
 * the handed-over lines; the shopper's page and email show the change. Both people on a phone.
 */
const DEMO_OWNER: TestAccount = { ...DEMO_ACCOUNTS.owner, password: DEMO_ACCOUNT_PASSWORD };
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-c';

test.use({ server: 'commerce' });

test('accept with changes, a substitute approved in the app, the money follows what is handed over', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  mkdirSync(SHOTS, { recursive: true });
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
  const offers = await offersOf(request, store.result);
  // Most expensive first: the substitute (d) costs no more than the line it replaces (b).
  const [a, b, c, d] = offers;
  if (!a || !b || !c || !d) throw new Error(`${owned.name} has fewer than 4 offers in stock`);

  // The shopper: two lines in the cart, the third reserved from its page, then checkout.
  const account = await signedInShopper(page, request, store.result);
  const shopperToken = await apiLogin(request, account);
  for (const [line, quantity] of [
    [a, 2],
    [b, 1],
  ] as const) {
    const added = await apiPost(
      request,
      commercePaths.cartItems,
      { kind: 'product', itemId: line.offer.id, quantity },
      shopperToken,
    );
    expect(added.httpStatus, JSON.stringify(added.body)).toBe(200);
  }
  await reserve(page, c.offer);
  // At checkout each line says what the shopper accepts; c: no substitute.
  const cChoice = page.getByRole('combobox', { name: `If out of stock: ${c.title}` });
  await expect(cChoice).toHaveValue('best_match');
  await cChoice.selectOption('refund');
  await expect(cChoice).toHaveValue('refund');
  await expect(page.getByText('If it is out of stock, you are not charged for it.')).toBeVisible();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/checkout\/[0-9a-f-]{36}$/);
  await payInSimulator(page, /^Pay \$/, 'Pay');
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await page.getByRole('link', { name: 'View order details' }).first().click();
  await expect(page).toHaveURL(/\/order-details\//);
  const orderId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

  // The store, on a phone: accept with changes: c is not there, b becomes d.
  const ownerContext = await browser.newContext({
    baseURL,
    timezoneId: DEMO_TIME_ZONE,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  const owner = await ownerContext.newPage();
  await signInToManage(
    owner,
    DEMO_OWNER,
    `/manage/stores/${encodeURIComponent(owned.id)}/orders/${encodeURIComponent(orderId)}`,
  );
  await owner.getByRole('button', { name: 'Accept with changes…' }).click();
  const dialog = owner.getByRole('dialog', { name: 'Accept with changes' });
  await dialog.getByLabel(`Hand over: ${c.title}`).selectOption('0');
  await expect(dialog.getByText('The shopper wants no substitute: it is refunded.')).toBeVisible();
  await dialog.getByLabel(`Hand over: ${b.title}`).selectOption('0');
  await dialog.getByRole('button', { name: 'Propose a substitute' }).click();
  await dialog.getByLabel('Find a substitute in your store').fill(d.title);
  await dialog
    .getByRole('list', { name: 'Substitutes' })
    .getByRole('button', { name: new RegExp(`^${escape(d.title)}`) })
    .first()
    .click();
  await expect(dialog.getByText(`Substitute: ${d.title}`)).toBeVisible();
  await dialog.getByRole('heading', { name: 'Accept with changes' }).scrollIntoViewIfNeeded();
  await owner.screenshot({ path: `${SHOTS}/manage-accept-with-changes.png` });
  await dialog
    .getByRole('button', { name: 'Accept with changes' })
    .evaluate((button) => button.scrollIntoView({ block: 'end' }));
  await owner.screenshot({ path: `${SHOTS}/manage-accept-with-changes-2.png` });
  await dialog.getByRole('button', { name: 'Accept with changes' }).click();
  await expect(
    owner.getByText('Order accepted with changes. The shopper has been told.'),
  ).toBeVisible();
  await expect(owner.getByRole('region', { name: 'Changes' })).toContainText(
    `${c.title}: not available`,
  );
  await owner
    .getByRole('region', { name: 'Changes' })
    .evaluate((card) => card.scrollIntoView({ block: 'center' }));
  await owner.screenshot({ path: `${SHOTS}/manage-changes-saved.png` });

  // The shopper's open page shows the proposal live; they approve it.
  const proposal = page.getByRole('region', { name: 'The store suggests a substitute' });
  await expect(proposal).toBeVisible({ timeout: 10_000 });
  await expect(proposal).toContainText(`Instead of ${b.title}`);
  await proposal.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SHOTS}/shopper-substitution-approval.png` });
  await page.getByRole('button', { name: 'Accept substitute' }).click();
  const changed = page.getByRole('region', { name: 'Your order changed' });
  await expect(changed).toContainText('Substitute accepted');
  await expect(changed).toContainText(`${c.title}: not available`);
  await page.screenshot({ path: `${SHOTS}/shopper-order-changed.png`, fullPage: true });

  // The store hands it over; the pickup code comes from the shopper's order.
  const read = async () => {
    const response = await request.get(commercePaths.order(orderId), {
      headers: { authorization: `Bearer ${shopperToken}` },
    });
    const parsed = orderDetailResponse.parse(await response.json());
    if (parsed.status !== 1) throw new Error(parsed.message);
    return parsed.result;
  };
  const before = await read();
  for (const [path, body] of [
    [managePaths.orderReady(owned.id, orderId), {}],
    [managePaths.orderComplete(owned.id, orderId), { pickupCode: before.pickupCode }],
  ] as const) {
    const answer = await apiPost(request, path, body, ownerToken);
    expect(answer.httpStatus, JSON.stringify(answer.body)).toBe(200);
  }

  // Captured = the handed-over lines: every line at what was handed over (c and b: none, a: both,
  // the substitute d: one), the store's tax on them; the rest of the hold released.
  await expect.poll(async () => (await read()).money.captured.amount).toBeGreaterThan(0);
  const after = await read();
  const handed = (item: (typeof after.items)[number]) =>
    after.changes?.lines.find((line) => line.itemId === item.id)?.handedOver ?? item.quantity;
  const subtotal = after.items.reduce((sum, item) => sum + item.unitPrice.amount * handed(item), 0);
  const aLine = after.items.find((item) => item.title === a.title)!;
  const dLine = after.items.find((item) => item.title === d.title)!;
  expect(subtotal).toBe(2 * aLine.unitPrice.amount + dLine.unitPrice.amount);
  const tax = Math.floor((subtotal * after.taxRateBps + 5_000) / 10_000);
  expect(after.money.captured.amount).toBe(subtotal + tax);
  expect(after.total.amount).toBe(subtotal + tax);
  expect(after.money.released.amount).toBe(after.money.authorised.amount - subtotal - tax);
  test.info().annotations.push({
    type: 'money',
    description: `held ${after.money.authorised.amount}, captured ${after.money.captured.amount} (= 2 x ${aLine.unitPrice.amount} + ${dLine.unitPrice.amount} + tax ${tax}), released ${after.money.released.amount}`,
  });
  console.log(test.info().annotations.at(-1)?.description);

  // The email says what changed.
  const mail = await readLatestEmail(request, account.email, /your order changed/);
  expect(mail.text).toContain(`${c.title}: not available`);
  expect(mail.text).toContain(`instead of ${b.title}`);
  await ownerContext.close();
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
