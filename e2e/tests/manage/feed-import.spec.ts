import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import {
  DEMO_ACCOUNT_PASSWORD,
  DEMO_ACCOUNTS,
  gtinCheckDigit,
  managedStoreResponse,
  manageMeResponse,
  managePaths,
} from '@localmart/contract';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiLogin, type TestAccount } from '../../support/api.ts';
import { expect, test } from '../../support/fixtures.ts';
import { catalogueProducts, feedCsv, signInToManage } from '../../support/manage.ts';

/*
 * Inventory feeds on the manage site, on the server without Google sign-in, whose demo store no
 * other spec changes:
 * - issue 13 and 16: a 2,000-row feed with 3 bad rows is checked first (the dry run counts new,
 *   updated, unchanged, out of stock and errors; the errors download as a CSV), then applied while
 *   the owner watches its progress, and the history lists it done;
 * - issue 16: a Full file asks the owner to type how many items go out of stock (not applied here);
 * - issue 16 (ADR 0023): the owner sets the feed address of a till system (a stand-in this spec
 *   serves on 127.0.0.1), presses Fetch now, and the fetch history shows what the run did.
 * Screenshots of the dry run and the schedule at phone (390x844) and tablet (820x1180) sizes.
 */
test.use({ server: 'no-google' });

const DEMO_OWNER: TestAccount = { ...DEMO_ACCOUNTS.owner, password: DEMO_ACCOUNT_PASSWORD };
const FEED_ROWS = 2000;
/** Lines (the header is line 1) naming a GTIN no product has. */
const BAD_LINES = [2, 1500, 2001];
const PHONE = { width: 390, height: 844 };
const TABLET = { width: 820, height: 1180 };

/** A GTIN-13 in the in-store range (20…), which no catalogue product has, one per line. */
function unknownGtin(line: number): string {
  const body = `20999${String(line).padStart(7, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}

function screenshotPath(name: string) {
  return path.join(test.info().project.outputDir, 'screenshots', name);
}

/** The demo owner's store (id and feed store code). */
async function demoStore(request: APIRequestContext) {
  const token = await apiLogin(request, DEMO_OWNER);
  const headers = { authorization: `Bearer ${token}` };
  const me = manageMeResponse.parse(await (await request.get(managePaths.me, { headers })).json());
  if (me.status !== 1) throw new Error(me.message);
  const owned = me.result.stores.find((store) => store.role === 'owner');
  if (!owned) throw new Error('the demo owner owns no store');
  const store = managedStoreResponse.parse(
    await (await request.get(managePaths.business(owned.id), { headers })).json(),
  );
  if (store.status !== 1) throw new Error(store.message);
  return { id: owned.id, storeCode: store.result.storeCode };
}

/** Full-page screenshots of the same screen at phone and tablet sizes, then back to desktop. */
async function shootSizes(page: Page, name: string, locator: ReturnType<Page['locator']>) {
  const desktop = page.viewportSize();
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['tablet', TABLET],
  ] as const) {
    await page.setViewportSize(viewport);
    await locator.scrollIntoViewIfNeeded();
    // Nothing sticks out sideways at this size.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${name} at ${size}`).toBeLessThanOrEqual(0);
    // The page scrolls inside Ionic's content, which paints only what is in view: the screen is
    // made as tall as the part shown (same width, so the same layout) for one whole picture.
    const box = await locator.boundingBox();
    const height = Math.ceil(box?.height ?? 0) + 120;
    if (height > viewport.height) {
      await page.setViewportSize({ width: viewport.width, height });
      await locator.scrollIntoViewIfNeeded();
    }
    await locator.screenshot({ path: screenshotPath(`${name}-${size}.png`) });
  }
  if (desktop) await page.setViewportSize(desktop);
}

test('a 2,000-row feed: the dry run counts it and offers its errors, then the owner applies it and watches its progress', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { id, storeCode } = await demoStore(request);
  const products = await catalogueProducts(request, FEED_ROWS - BAD_LINES.length);
  const rows = [];
  let next = 0;
  for (let line = 2; line <= FEED_ROWS + 1; line += 1) {
    const gtin = BAD_LINES.includes(line) ? unknownGtin(line) : products[next++]!.gtin;
    rows.push({ store_code: storeCode, gtin, quantity: String(5 + (line % 30)), price: '4.49' });
  }

  await signInToManage(page, DEMO_OWNER, `/manage/stores/${id}/inventory`);
  await expect(page.getByRole('heading', { name: 'Inventory feeds', level: 1 })).toBeVisible();
  await page.getByLabel('Feed file', { exact: true }).setInputFiles({
    name: 'stock-2000.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(feedCsv(rows)),
  });
  await page.getByRole('button', { name: 'Check the file', exact: true }).click();

  // The dry run: five counts, nothing written yet; the three bad rows are the errors.
  const counts = page.getByRole('list', { name: 'What this file will do' });
  await expect(counts).toBeVisible({ timeout: 30_000 });
  const tile = (label: string) => counts.getByRole('listitem').filter({ hasText: label });
  const numberIn = async (label: string) =>
    Number(((await tile(label).textContent()) ?? '').replace(/\D/g, ''));
  await expect(tile('Rows with errors')).toHaveText('3Rows with errors');
  await expect(tile('Set out of stock')).toHaveText('0Set out of stock');
  const newItems = await numberIn('New items');
  const updated = await numberIn('Updated');
  const unchanged = await numberIn('Unchanged');
  expect(newItems + updated + unchanged).toBe(FEED_ROWS - BAD_LINES.length);
  await expect(page.getByText('Line 2: No product with GTIN')).toBeVisible();
  await shootSizes(page, 'feed-dry-run', page.locator('.inv-dry'));

  // The errors as a CSV: line, column, problem.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download the errors (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('stock-2000-errors.csv');
  const csv = readFileSync((await download.path())!, 'utf8')
    .trim()
    .split(/\r\n/);
  expect(csv[0]).toBe('line,column,problem');
  expect(csv.slice(1).map((line) => line.split(',')[0])).toEqual(BAD_LINES.map(String));
  expect(csv[1]).toContain(`No product with GTIN ${unknownGtin(2)} in the Localmart catalogue.`);

  // A 2,000-row import takes about a second: the bar may come and go between two of Playwright's
  // polls, so the page records every state of the bar it ever shows (the accessible name and value
  // a screen reader would announce), and the test reads them back at the end.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { progressSeen: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      for (const bar of Array.from(document.querySelectorAll('[role="progressbar"]'))) {
        const text = bar.getAttribute('aria-valuetext');
        if (text && seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByRole('button', { name: 'Apply 1,997 rows' }).click();

  // Then the summary: the counts and the bad rows with their lines.
  await expect(page.getByText('stock-2000.csv imported.')).toBeVisible({ timeout: 30_000 });
  const progressSeen = await page.evaluate(
    () => (window as unknown as { progressSeen: string[] }).progressSeen,
  );
  for (const state of progressSeen) expect(state).toMatch(/^[\d,]+ of 2,000 rows$/);
  const result = page.getByRole('list', { name: 'Import result' });
  await expect(result).toContainText('3 bad rows');
  await expect(result).toContainText(`${(newItems + updated).toLocaleString('en-CA')} applied`);
  const badRows = page.getByRole('table', { name: 'Bad rows in this file' }).getByRole('row');
  await expect(badRows).toHaveCount(1 + BAD_LINES.length);
  for (const [index, line] of BAD_LINES.entries()) {
    await expect(badRows.nth(index + 1).getByRole('cell')).toHaveText([
      String(line),
      `No product with GTIN ${unknownGtin(line)} in the Localmart catalogue.`,
    ]);
  }
  await page.screenshot({ path: screenshotPath('manage-feed-summary.png'), fullPage: true });

  // The history lists it, done.
  const history = page.getByRole('table', { name: 'Import history' });
  const newest = history.getByRole('row').nth(1);
  await expect(newest).toContainText('stock-2000.csv');
  await expect(newest).toContainText('Done');
  await expect(newest).toContainText('2,000');
});

test('a Full file asks the owner to type how many items go out of stock before it can be applied', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { id, storeCode } = await demoStore(request);
  const [product] = await catalogueProducts(request, 1);
  await signInToManage(page, DEMO_OWNER, `/manage/stores/${id}/inventory`);
  await page.getByLabel('Feed file', { exact: true }).setInputFiles({
    name: 'one-item.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      feedCsv([{ store_code: storeCode, gtin: product!.gtin, quantity: '4', price: '3.99' }]),
    ),
  });
  await page.getByLabel('Mode', { exact: true }).selectOption('full');
  await page.getByRole('button', { name: 'Check the file', exact: true }).click();

  const counts = page.getByRole('list', { name: 'What this file will do' });
  await expect(counts).toBeVisible({ timeout: 30_000 });
  const outTile = counts.getByRole('listitem').filter({ hasText: 'Set out of stock' });
  const outOfStock = Number(((await outTile.textContent()) ?? '').replace(/\D/g, ''));
  expect(outOfStock).toBeGreaterThan(0);
  await expect(page.getByText(/Full mode:.*will be set out of stock, for example/)).toBeVisible();
  const confirm = page.getByLabel(
    /^This file sets [\d,]+ items? out of stock\. Type \d+ to confirm\.$/,
  );
  await confirm.fill(String(outOfStock + 1));
  await page.getByRole('button', { name: 'Apply 1 row' }).click();
  await expect(page.getByRole('alert')).toContainText('The number typed does not match');
  await confirm.fill('');
  await page.getByRole('button', { name: 'Apply 1 row' }).click();
  await expect(page.getByRole('alert')).toContainText('The number typed does not match');
  // Left unapplied: this spec's other tests share the store.
  await shootSizes(page, 'feed-dry-run-full', page.locator('.inv-dry'));
});

test('the owner sets the till system’s feed address, fetches it now, and the history shows what the run did', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const { id, storeCode } = await demoStore(request);
  const products = await catalogueProducts(request, 2);
  const missing = unknownGtin(7);
  // The till system's export, served by a stand-in on 127.0.0.1 (the e2e servers allow loopback
  // feed addresses over http with FEED_URL_ALLOW_INSECURE_LOOPBACK; production refuses them).
  const csv = feedCsv([
    {
      store_code: storeCode,
      gtin: products[0]!.gtin,
      quantity: String(40 + (Date.now() % 50)),
      price: '5.25',
    },
    {
      store_code: storeCode,
      gtin: products[1]!.gtin,
      quantity: String(40 + (Date.now() % 49)),
      price: '6.75',
    },
    { store_code: storeCode, gtin: missing, quantity: '1', price: '1.00' },
  ]);
  const requests: string[] = [];
  const till = createServer((req, res) => {
    requests.push(req.url ?? '');
    if (req.url === '/exports/stock.csv')
      res.writeHead(200, { 'content-type': 'text/csv' }).end(csv);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => till.listen(0, '127.0.0.1', resolve));
  const address = `http://127.0.0.1:${(till.address() as AddressInfo).port}/exports/stock.csv`;
  try {
    await signInToManage(page, DEMO_OWNER, `/manage/stores/${id}/inventory`);
    const panel = page.getByRole('region', { name: 'Fetch from an address' });
    await panel.getByLabel('Feed address').fill(address);
    await panel.getByLabel('How often').selectOption('daily');
    await panel.getByLabel('Fetch mode').selectOption('incremental');
    await panel.getByRole('button', { name: 'Save schedule' }).click();
    await expect(panel.getByRole('status')).toHaveText('Feed schedule saved');
    await expect(panel.getByText(/^Next fetch: /)).toBeVisible();

    await panel.getByRole('button', { name: 'Fetch now' }).click();
    const history = panel.getByRole('list', { name: 'Fetch history' });
    const newest = history.locator('li.inv-run').first();
    await expect(newest).toContainText('Applied', { timeout: 30_000 });
    await expect(newest).toContainText('Fetch now');
    const did = newest.getByRole('list', { name: 'What this run did' });
    await expect(did).toContainText('0 out of stock');
    await expect(did).toContainText('1 error');
    const number = async (label: RegExp) =>
      Number(
        ((await did.getByRole('listitem').filter({ hasText: label }).textContent()) ?? '').replace(
          /\D/g,
          '',
        ),
      );
    // Both known items are written: new to the store, or updated with the new quantity.
    expect((await number(/ new$/)) + (await number(/ updated$/))).toBe(2);
    expect(requests).toEqual(['/exports/stock.csv']);

    // Its error as a CSV, from the run's import.
    const downloading = page.waitForEvent('download');
    await newest.getByRole('button', { name: 'Download the errors (CSV)' }).click();
    const lines = readFileSync((await (await downloading).path())!, 'utf8')
      .trim()
      .split(/\r\n/);
    expect(lines).toEqual([
      'line,column,problem',
      `4,gtin,No product with GTIN ${missing} in the Localmart catalogue.`,
    ]);
    // The import history lists the fetched file too.
    await expect(
      page
        .getByRole('table', { name: 'Import history' })
        .getByRole('row')
        .filter({ hasText: 'Feed address' }),
    ).toHaveCount(1);
    await shootSizes(page, 'feed-schedule', panel);
  } finally {
    await new Promise<void>((resolve) => {
      till.closeAllConnections();
      till.close(() => resolve());
    });
  }
});
