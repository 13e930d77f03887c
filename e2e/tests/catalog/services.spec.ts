import { DEFAULT_PLACE, OPEN_STATE_WORDS } from '@localmart/contract';
import { expect, test } from '../../support/fixtures.ts';

/* Issue 4, "Must show" 1: a service, from the providers near you to its page and the store contact. */

const OPEN_STATE = new RegExp(
  [OPEN_STATE_WORDS.open, OPEN_STATE_WORDS.closed, OPEN_STATE_WORDS.allDay].join('|'),
);

test.beforeEach(async ({ page }) => {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    'lm_location',
    JSON.stringify({
      lat: DEFAULT_PLACE.lat,
      lng: DEFAULT_PLACE.lng,
      label: DEFAULT_PLACE.name,
      source: 'place',
    }),
  ] as const);
});

test('servicelist -> service-details: price, duration, provider and Contact', async ({ page }) => {
  await page.goto('/servicelist');
  const provider = page
    .getByRole('list', { name: 'Service providers' })
    .getByRole('article')
    .first();
  await expect(provider).toBeVisible();
  const providerName = (await provider.getByRole('heading').first().textContent()) ?? '';
  const service = provider
    .getByRole('list', { name: /^Services of / })
    .getByRole('link')
    .first();
  await expect(service).toBeVisible();
  await service.click();

  await expect(page).toHaveURL(/\/service-details\/[0-9a-f-]{36}\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: providerName })).toBeVisible();
  await expect(page.getByRole('term').filter({ hasText: 'Price' })).toBeVisible();
  await expect(page.getByRole('definition').first()).toHaveText(/^(From )?\$\d/);
  await expect(page.getByRole('definition').nth(1)).toHaveText(/\d+ (min|h)/);
  const offeredBy = page.getByRole('region', { name: providerName });
  await expect(offeredBy.getByText(OPEN_STATE).first()).toBeVisible();
  await offeredBy.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contacts\?business=[0-9a-f-]{36}$/);
});

test('services: search narrows the list and a card opens its page', async ({ page }) => {
  await page.goto('/services');
  const list = page.getByRole('list', { name: 'Services' });
  const first = list.getByRole('link').first();
  await expect(first).toBeVisible();
  const name = (await first.getAttribute('aria-label')) ?? '';
  // Click only once the filtered page has come back: a click during the debounce lands on the old
  // list just as the skeleton replaces it, and nothing opens.
  const filtered = page.waitForResponse(
    (response) =>
      response.url().includes('/api/v1/') && new URL(response.url()).searchParams.get('q') === name,
  );
  await page.getByRole('searchbox', { name: 'Search services' }).fill(name);
  await filtered;
  await expect(list.getByRole('link', { name, exact: true }).first()).toBeVisible();
  await list.getByRole('link', { name, exact: true }).first().click();
  await expect(page).toHaveURL(/\/service-details\//);
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
});
