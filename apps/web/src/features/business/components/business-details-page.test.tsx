import { catalogPaths } from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { devicePreferences } from '../../../lib/location/device-preferences.ts';
import { openExternalUrl } from '../../../lib/open-external.ts';
import { mockApi, notFound, type MockHandler } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { business, gallery, storeId, team } from '../test/fixtures.ts';
import { BusinessDetailsPage } from './business-details-page.tsx';
import { STORE_MISSING } from './store-missing.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
vi.mock('../../../lib/open-external.ts', () => ({
  openExternalUrl: vi.fn(async () => undefined),
  openServerPage: vi.fn(async () => undefined),
}));

const pattern = '/business-details/:businessid/:endpoint';
const emptyPage = () => ({ body: { status: 1, results: [], nextCursor: null } });

function api(detail = business(), extra: Record<string, MockHandler> = {}) {
  return mockApi({
    [`GET ${catalogPaths.business(storeId)}`]: () => ({ body: { status: 1, result: detail } }),
    [`GET ${catalogPaths.businessGallery(storeId)}`]: () => ({
      body: { status: 1, results: gallery },
    }),
    [`GET ${catalogPaths.businessTeam(storeId)}`]: () => ({ body: { status: 1, results: team } }),
    [`GET ${catalogPaths.products}`]: emptyPage,
    [`GET ${catalogPaths.flyers}`]: emptyPage,
    ...extra,
  });
}

function renderAt(endpoint: string) {
  return renderWithProviders(<BusinessDetailsPage />, {
    path: `/business-details/${storeId}/${endpoint}`,
    pattern,
  });
}

// The first render loads Ionic and the page's modules, which takes seconds on a busy machine.
describe('BusinessDetailsPage', { timeout: 20_000 }, () => {
  it('asks for the store from the shopper’s location and shows how far it is', async () => {
    await devicePreferences.set(
      'lm_location',
      JSON.stringify({ lat: 43.6626, lng: -79.3322, label: 'Leslieville', source: 'place' }),
    );
    try {
      const { calls } = api({ ...business(), distanceKm: 1.2 });
      renderAt('products');
      expect(await screen.findByText('1.2 km', undefined, { timeout: 5000 })).toBeInTheDocument();
      const detail = calls.find((call) => call.path === catalogPaths.business(storeId));
      expect(new URL(detail!.url, 'http://localhost').searchParams.get('lat')).toBe('43.6626');
    } finally {
      await devicePreferences.remove('lm_location');
    }
  });

  it('shows the store header: name, open state, address, phone, hours and fulfilment', async () => {
    // A Thursday in Toronto, so today's row is known whatever day the tests run.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2026-11-26T15:00:00Z'));
    onTestFinished(() => {
      vi.useRealTimers();
    });
    api();
    renderAt('products');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Queen Street Market', level: 2 },
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getAllByText('Open now').length).toBeGreaterThan(0);
    expect(
      screen.getByRole('link', { name: /120 Queen St W, Toronto, ON M5H 2N2/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+1 416-555-0142' })).toHaveAttribute(
      'href',
      'tel:+14165550142',
    );
    const hours = screen.getByRole('table', { name: 'Opening hours' });
    expect(within(hours).getByRole('row', { name: 'Sunday Closed' })).toBeInTheDocument();
    expect(within(hours).getByRole('row', { name: 'Thursday Today 09:00-21:00' })).toHaveAttribute(
      'aria-current',
      'date',
    );
    expect(screen.getAllByText('Fri, Dec 25 · Christmas Day · Closed').length).toBeGreaterThan(0);
    expect(screen.getByText(/Same-day delivery within 8 km/)).toBeInTheDocument();
  });

  it('Directions opens Google Maps directions to the store outside the app', async () => {
    api();
    renderAt('products');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Directions' }, { timeout: 5000 }),
    );
    expect(openExternalUrl).toHaveBeenCalledWith(
      'https://www.google.com/maps/dir/?api=1&destination=43.6525,-79.3832',
    );
  });

  it('opens the tab named by the endpoint and fetches only its data', async () => {
    const calls = api();
    renderAt('team');
    const tab = await screen.findByRole('tab', { name: 'Team' }, { timeout: 5000 });
    expect(tab).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: /Priya Natarajan/ })).toHaveAttribute(
      'href',
      `/team-details?business=${storeId}&id=${team[0]?.id}`,
    );
    expect(calls.callsTo('GET', catalogPaths.products)).toHaveLength(0);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Products',
      'Flyers',
      'Gallery',
      'Team',
      'Reviews',
      'Contact',
    ]);
  });

  it('falls back to the first tab for an unknown endpoint or a section the store lacks', async () => {
    const calls = api();
    renderAt('menu');
    expect(await screen.findByRole('tab', { name: 'Products' }, { timeout: 5000 })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.queryByRole('tab', { name: 'Menu' })).toBeNull();
    const productCall = await vi.waitFor(() => {
      const [call] = calls.callsTo('GET', catalogPaths.products);
      if (!call) throw new Error('no products call yet');
      return call;
    });
    expect(new URL(productCall.url, 'http://x').searchParams.get('businessId')).toBe(storeId);
    expect(await screen.findByRole('heading', { name: 'No products yet' })).toBeInTheDocument();
  });

  it('switching tabs replaces the endpoint in the URL and shows that tab', async () => {
    api();
    renderAt('products');
    await userEvent.click(await screen.findByRole('tab', { name: 'Gallery' }, { timeout: 5000 }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      `/business-details/${storeId}/gallery`,
    );
    expect(
      await screen.findByRole('link', { name: 'Photo 1 of 3: The produce aisle' }),
    ).toHaveAttribute('href', `/media-viewer?business=${storeId}&index=0`);
    expect(screen.getByRole('link', { name: 'Video 2 of 3: Morning bake' })).toBeInTheDocument();
  });

  it('the Contact tab holds the contact details and the form', async () => {
    api();
    renderAt('contact');
    expect(
      await screen.findByRole(
        'link',
        { name: 'hello@queenstreetmarket.example' },
        { timeout: 5000 },
      ),
    ).toHaveAttribute('href', 'mailto:hello@queenstreetmarket.example');
    expect(screen.getByRole('form', { name: 'Message Queen Street Market' })).toBeInTheDocument();
  });

  it('a tab list that fails offers Retry', async () => {
    let calls = 0;
    api(business(), {
      [`GET ${catalogPaths.businessTeam(storeId)}`]: () =>
        ++calls === 1
          ? { status: 503, body: { status: 0, message: 'Try again later' } }
          : { body: { status: 1, results: team } },
    });
    renderAt('team');
    await userEvent.click(await screen.findByRole('button', { name: 'Retry' }, { timeout: 5000 }));
    expect(await screen.findByRole('link', { name: /Tom Becker/ })).toBeInTheDocument();
  });

  it('says the store does not exist on a 404', async () => {
    mockApi({ [`GET ${catalogPaths.business(storeId)}`]: () => notFound });
    renderAt('products');
    expect(await screen.findByText(STORE_MISSING, {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
