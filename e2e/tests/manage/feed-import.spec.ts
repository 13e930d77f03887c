import path from 'node:path';
import {
  DEMO_ACCOUNT_PASSWORD,
  DEMO_ACCOUNTS,
  gtinCheckDigit,
  managedStoreResponse,
  manageMeResponse,
  managePaths,
} from '@localmart/contract';
import { apiLogin, type TestAccount } from '../../support/api.ts';
import { expect, test } from '../../support/fixtures.ts';
import { catalogueProducts, feedCsv, signInToManage } from '../../support/manage.ts';

/*
 * Issue 13: a large feed runs as a job the owner can watch. The demo owner uploads a 2,000-row feed
 * with 3 bad rows on the inventory page: the page shows the progress bar ("… of 2,000 rows"), then
 * the summary with the count applied and the bad rows with their lines, and the history lists the
 * import as done. On the server without Google sign-in, whose demo store no other spec changes.
 */
test.use({ server: 'no-google' });

const DEMO_OWNER: TestAccount = { ...DEMO_ACCOUNTS.owner, password: DEMO_ACCOUNT_PASSWORD };
const FEED_ROWS = 2000;
/** Lines (the header is line 1) naming a GTIN no product has. */
const BAD_LINES = [2, 1500, 2001];

/** A GTIN-13 in the in-store range (20…), which no catalogue product has, one per line. */
function unknownGtin(line: number): string {
  const body = `20999${String(line).padStart(7, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}

function screenshotPath(name: string) {
  return path.join(test.info().project.outputDir, 'screenshots', name);
}

test('a 2,000-row feed: the owner watches its progress, then sees what it applied and its bad rows', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
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
  const { storeCode } = store.result;

  const products = await catalogueProducts(request, FEED_ROWS - BAD_LINES.length);
  const rows = [];
  let next = 0;
  for (let line = 2; line <= FEED_ROWS + 1; line += 1) {
    const gtin = BAD_LINES.includes(line) ? unknownGtin(line) : products[next++]!.gtin;
    rows.push({ store_code: storeCode, gtin, quantity: String(5 + (line % 30)), price: '4.49' });
  }

  await signInToManage(page, DEMO_OWNER, `/manage/stores/${owned.id}/inventory`);
  await expect(page.getByRole('heading', { name: 'Inventory feeds', level: 1 })).toBeVisible();
  await page.getByLabel('Feed file').setInputFiles({
    name: 'stock-2000.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(feedCsv(rows)),
  });
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
  await page.getByRole('button', { name: 'Upload', exact: true }).click();

  // The progress, at once from the upload's answer, then as the job goes.
  const bar = page.getByRole('progressbar', { name: 'Import progress' });
  await bar.waitFor({ state: 'visible' });
  await page.screenshot({ path: screenshotPath('manage-feed-progress.png') });

  // Then the summary: the counts and the bad rows with their lines.
  await expect(page.getByText('stock-2000.csv imported.')).toBeVisible({ timeout: 30_000 });
  await expect(bar).toBeHidden();
  const progressSeen = await page.evaluate(
    () => (window as unknown as { progressSeen: string[] }).progressSeen,
  );
  expect(progressSeen[0]).toBe('0 of 2,000 rows');
  for (const state of progressSeen) expect(state).toMatch(/^[\d,]+ of 2,000 rows$/);
  const result = page.getByRole('list', { name: 'Import result' });
  await expect(result).toContainText('3 bad rows');
  const applied = Number(
    ((await result.getByRole('listitem').first().textContent()) ?? '').replace(/\D/g, ''),
  );
  const unchanged = Number(
    ((await result.getByRole('listitem').nth(1).textContent()) ?? '').replace(/\D/g, ''),
  );
  expect(applied + unchanged).toBe(FEED_ROWS - BAD_LINES.length);
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
