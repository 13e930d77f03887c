import {
  apiPaths,
  commercePaths,
  commonMessages,
  DEFAULT_COUNTRY,
  formatPrice,
  livePaths,
  PRICE_MATCH_STATUS_LABELS,
  priceMatchSchema,
  STORAGE_KEYS,
  type PriceMatch,
} from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RETRY_LABEL } from '../../../components/catalog/list-states.tsx';
import { productDetailsPath } from '../../../components/catalog/product-card.tsx';
import { storage } from '../../../lib/storage.ts';
import { mockApi, type MockHandler } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { signIn, signOut } from '../../../test/session.ts';
import {
  NO_PRICE_MATCHES_MESSAGE,
  NO_PRICE_MATCHES_TITLE,
  PRICE_MATCHES_TITLE,
  PriceMatchList,
} from './price-match-list.tsx';
import { ProfilePage } from './profile-page.tsx';
import { getProfile } from '../test/fixtures.ts';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const DAY = 24 * 60 * 60 * 1000;
const isoDaysFromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/** One request, checked by the wire schema so a contract change breaks here, not far away. */
function priceMatch(overrides: Partial<PriceMatch>): PriceMatch {
  return priceMatchSchema.parse({
    id: 'b0000000-0000-4000-8000-000000000001',
    offerId: 'c0000000-0000-4000-8000-000000000001',
    businessId: '3f6c1a52-8d7e-4c1b-9a55-0b8e4d1c2a01',
    businessName: 'Queen Street Market',
    productId: 'd0000000-0000-4000-8000-000000000001',
    productTitle: 'Organic milk 2L',
    competitorName: 'FreshCo',
    competitorPrice: { amount: 499, currency: 'CAD' },
    storePrice: { amount: 599, currency: 'CAD' },
    evidenceUrl: 'https://freshco.example/flyer',
    status: 'pending',
    storeNote: null,
    createdAt: isoDaysFromNow(-1),
    decidedAt: null,
    expiresAt: null,
    ...overrides,
  });
}

// The pending request is the oldest of the three, so only its status puts it first.
const approved = priceMatch({
  id: 'b0000000-0000-4000-8000-000000000002',
  productId: 'd0000000-0000-4000-8000-000000000002',
  productTitle: 'Sourdough loaf',
  status: 'approved',
  storeNote: 'Matched for you, thanks!',
  createdAt: isoDaysFromNow(-2),
  decidedAt: isoDaysFromNow(-1),
  expiresAt: isoDaysFromNow(6),
});
const declined = priceMatch({
  id: 'b0000000-0000-4000-8000-000000000003',
  productId: 'd0000000-0000-4000-8000-000000000003',
  productTitle: 'Free-range eggs',
  status: 'declined',
  storeNote: 'That flyer price was for a smaller size.',
  createdAt: isoDaysFromNow(-3),
  decidedAt: isoDaysFromNow(-2),
});
const pending = priceMatch({
  id: 'b0000000-0000-4000-8000-000000000004',
  productTitle: 'Organic milk 2L',
  status: 'pending',
  createdAt: isoDaysFromNow(-4),
});

const demoUser = {
  _id: 'demo-g1',
  first_name: 'Demo',
  last_name: 'User',
  display_name: 'Demo User',
  email: 'demo@localmart.example',
  google_id: 'g1',
  picture: '',
  created_at: '2025-01-02T00:00:00.000Z',
  updated_at: '2025-01-02T00:00:00.000Z',
};

/** Long enough for a query that was wrongly enabled to have sent its request. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const answer =
  (results: PriceMatch[]): MockHandler =>
  () => ({ body: { status: 1, results } });

function setup(priceMatches: MockHandler) {
  const api = mockApi({
    [`GET ${apiPaths.profile}`]: getProfile,
    [`GET ${commercePaths.priceMatches}`]: priceMatches,
    // The profile's notification settings list the person's push devices (none here).
    [`GET ${livePaths.pushSubscriptions}`]: () => ({ body: { status: 1, result: [] } }),
  });
  renderWithProviders(<ProfilePage />, { path: '/profile', pattern: '/profile' });
  return { api, user: userEvent.setup() };
}

function section() {
  return screen.getByRole('region', { name: PRICE_MATCHES_TITLE });
}

const shortDate = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

afterEach(signOut);

describe('price-match requests on the profile page', () => {
  it('lists pending requests first, then the newest, with the bearer token', async () => {
    await signIn();
    // Out of order on purpose: the list's order must not depend on the server's.
    const { api } = setup(answer([declined, pending, approved]));
    const list = await screen.findByRole('list', { name: PRICE_MATCHES_TITLE });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('link').textContent)).toEqual([
      'Organic milk 2L',
      'Sourdough loaf',
      'Free-range eggs',
    ]);
    expect(within(items[0]!).getByText(PRICE_MATCH_STATUS_LABELS.pending)).toBeInTheDocument();
    expect(within(items[2]!).getByText(PRICE_MATCH_STATUS_LABELS.declined)).toBeInTheDocument();
    expect(api.callsTo('GET', commercePaths.priceMatches)[0]?.headers.Authorization).toBe(
      'Bearer tok',
    );
  });

  it('an approved request shows its status, the store, both prices, the until-date and the note', async () => {
    await signIn();
    setup(answer([approved]));
    const link = await screen.findByRole('link', { name: 'Sourdough loaf' });
    expect(link).toHaveAttribute('href', productDetailsPath(approved.productId));
    const item = link.closest('li') as HTMLElement;
    expect(within(item).getByText(PRICE_MATCH_STATUS_LABELS.approved)).toBeInTheDocument();
    expect(item).toHaveTextContent('Queen Street Market');
    expect(item).toHaveTextContent(
      `Competitor: FreshCo ${formatPrice(approved.competitorPrice, DEFAULT_COUNTRY.locale)}`,
    );
    expect(item).toHaveTextContent(
      `Store price ${formatPrice(approved.storePrice, DEFAULT_COUNTRY.locale)}`,
    );
    expect(item).toHaveTextContent(`Matched price applies until ${shortDate(approved.expiresAt!)}`);
    expect(within(item).getByText('Matched for you, thanks!').tagName).toBe('Q');
  });

  it('an approved match past its date says it applied, not that it applies', async () => {
    await signIn();
    const expired = { ...approved, expiresAt: isoDaysFromNow(-1) };
    setup(answer([expired]));
    const link = await screen.findByRole('link', { name: 'Sourdough loaf' });
    const item = link.closest('li') as HTMLElement;
    expect(item).toHaveTextContent(`Matched price applied until ${shortDate(expired.expiresAt)}`);
    expect(item).not.toHaveTextContent('applies until');
  });

  it("a declined request quotes the store's note and has no until-date", async () => {
    await signIn();
    setup(answer([declined]));
    const link = await screen.findByRole('link', { name: 'Free-range eggs' });
    const item = link.closest('li') as HTMLElement;
    expect(within(item).getByText(declined.storeNote!).tagName).toBe('Q');
    expect(item).not.toHaveTextContent('Matched price');
  });

  it('says where to ask when there are no requests yet', async () => {
    await signIn();
    setup(answer([]));
    expect(await screen.findByText(NO_PRICE_MATCHES_TITLE)).toBeInTheDocument();
    expect(within(section()).getByText(NO_PRICE_MATCHES_MESSAGE)).toBeInTheDocument();
    expect(NO_PRICE_MATCHES_MESSAGE).toContain('Price match');
    expect(within(section()).queryByRole('list')).toBeNull();
  });

  it('a failed load offers Retry, which asks again', async () => {
    await signIn();
    let fail = true;
    const { api, user } = setup(() =>
      fail
        ? { status: 500, body: { status: 0, message: commonMessages.genericFailure } }
        : { body: { status: 1, results: [pending] } },
    );
    const alert = await within(
      await screen.findByRole('region', { name: PRICE_MATCHES_TITLE }),
    ).findByRole('alert');
    expect(alert).toHaveTextContent(commonMessages.genericFailure);
    // The profile card itself still shows.
    expect(screen.getByRole('heading', { name: 'Countess of Lovelace' })).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: RETRY_LABEL }));
    expect(await screen.findByRole('link', { name: 'Organic milk 2L' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.callsTo('GET', commercePaths.priceMatches)).toHaveLength(2);
  });

  it('a demo Google session never asks for price matches, not even when the list is shown', async () => {
    await signIn();
    await storage.set(STORAGE_KEYS.userData, JSON.stringify(demoUser));
    const { api } = setup(answer([pending]));
    expect(screen.getByRole('heading', { name: 'Demo User' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: PRICE_MATCHES_TITLE })).toBeNull();

    // The hook itself stays off for a demo session, wherever the list is rendered.
    renderWithProviders(<PriceMatchList />);
    await settle();
    expect(api.callsTo('GET', commercePaths.priceMatches)).toHaveLength(0);
  });

  it('a signed-out visitor is not asked about either', async () => {
    const { api } = setup(answer([pending]));
    renderWithProviders(<PriceMatchList />);
    await settle();
    expect(api.calls).toHaveLength(0);
  });
});
