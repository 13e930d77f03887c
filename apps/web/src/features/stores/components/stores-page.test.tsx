import { catalogPaths, type BusinessSummary, type CategoryNode } from '@localmart/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { devicePreferences } from '../../../lib/location/device-preferences.ts';
import { mockApi, type MockHandler } from '../../../test/api-mock.ts';
import { store } from '../../../test/catalog-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { CHOOSE_PLACE_LABEL, USE_MY_LOCATION_LABEL } from './location-bar.tsx';
import { MemoryRouter } from 'react-router-dom';
import {
  NO_STORES_TITLE,
  prefetchFirstStores,
  StoresPage,
  STORES_LIST_LABEL,
} from './stores-page.tsx';

// The page renders Ionic and a query per filter; on a busy CI core the default 1 s is tight.
configure({ asyncUtilTimeout: 5000 });

vi.hoisted(() => {
  // Ionic's custom elements need browser APIs jsdom lacks; their light DOM is what we test.
  window.customElements.define = () => undefined;
});

const closedRestaurant = store(2, {
  name: 'Pho House',
  kind: 'restaurant',
  openState: {
    open: false,
    status: 'Closed',
    detail: 'opens 11:00',
    text: 'Closed · opens 11:00',
    changesAt: '2026-11-21T16:00:00.000Z',
  },
});

const page = (results: BusinessSummary[], nextCursor: string | null = null) => ({
  body: { status: 1, results, nextCursor },
});

const restaurantRoots: CategoryNode[] = [
  {
    id: '20000000-0000-4000-8000-000000000001',
    slug: 'vietnamese',
    name: 'Vietnamese',
    kind: 'restaurant',
    parentId: null,
    children: [],
  },
];

const leslieville = { lat: 43.6626, lng: -79.3322, label: 'Leslieville', source: 'place' };

async function setLocation() {
  await devicePreferences.set('lm_location', JSON.stringify(leslieville));
}

function params(url: string): Record<string, string> {
  return Object.fromEntries(new URL(url, 'http://localhost').searchParams);
}

function mock(businesses: MockHandler, categories?: MockHandler) {
  return mockApi({
    [`GET ${catalogPaths.businesses}`]: businesses,
    [`GET ${catalogPaths.categories}`]:
      categories ?? (() => ({ body: { status: 1, results: restaurantRoots } })),
  });
}

afterEach(async () => {
  await devicePreferences.remove('lm_location');
});

describe('StoresPage (home)', () => {
  it('shows the cards in its first render after prefetchFirstStores (main.tsx), without a call of its own', async () => {
    await setLocation();
    const api = mock(() => page([store(1), closedRestaurant]));
    const client = new QueryClient();
    await prefetchFirstStores(client);
    expect(api.callsTo('GET', catalogPaths.businesses)).toHaveLength(1);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/home']}>
          <StoresPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // No waiting: the list is there at once, from the prefetched entry.
    const list = screen.getByRole('list', { name: STORES_LIST_LABEL });
    expect(within(list).getAllByRole('article')).toHaveLength(2);
    expect(params(api.callsTo('GET', catalogPaths.businesses)[0]?.url ?? '')).toEqual({
      lat: '43.6626',
      lng: '-79.3322',
      sort: 'distance',
    });
    // Its effects and the rest of the list (after the first paint) ask for no list of their own.
    expect(await within(list).findAllByRole('article')).toHaveLength(2);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(api.callsTo('GET', catalogPaths.businesses)).toHaveLength(1);
  });

  it('lists the stores near the set location, nearest first, with their open state', async () => {
    await setLocation();
    const api = mock(() => page([store(1), closedRestaurant]));
    renderWithProviders(<StoresPage />);

    const list = await screen.findByRole('list', { name: STORES_LIST_LABEL });
    const cards = within(list).getAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('link', { name: 'Store 1' })).toHaveAttribute(
      'href',
      `/business-details/${store(1).id}/products`,
    );
    expect(within(cards[0]!).getByText('Open now')).toHaveClass('lm-open-state-open');
    expect(within(cards[0]!).getByText('closes 21:00')).toBeInTheDocument();
    expect(cards[0]).toHaveTextContent('600 m away');
    expect(cards[0]).toHaveTextContent('Usually ready in 2 h');
    // A restaurant opens on its menu tab, and a closed one says so.
    expect(within(cards[1]!).getByRole('link', { name: 'Pho House' })).toHaveAttribute(
      'href',
      `/business-details/${closedRestaurant.id}/menu`,
    );
    expect(within(cards[1]!).getByText('Closed')).toHaveClass('lm-open-state-closed');
    expect(cards[1]).toHaveTextContent('1.2 km');

    const call = api.callsTo('GET', catalogPaths.businesses)[0];
    expect(params(call?.url ?? '')).toEqual({
      lat: '43.6626',
      lng: '-79.3322',
      sort: 'distance',
    });
    expect(screen.getByRole('link', { name: /Near Leslieville/ })).toHaveAttribute(
      'href',
      '/user-location',
    );
  });

  it('asks for a location when none is set, and still lists stores without distances', async () => {
    const api = mock(() => page([store(1, { distanceKm: null })]));
    renderWithProviders(<StoresPage />);
    expect(screen.getByRole('button', { name: USE_MY_LOCATION_LABEL })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: CHOOSE_PLACE_LABEL })).toHaveAttribute(
      'href',
      '/user-location',
    );
    await screen.findByRole('link', { name: 'Store 1' });
    expect(params(api.callsTo('GET', catalogPaths.businesses)[0]?.url ?? '')).toEqual({});
    expect(screen.queryByText(/away/)).toBeNull();
  });

  it('uses the device location from the prompt, then sorts by distance from it', async () => {
    vi.stubGlobal('navigator', {
      ...window.navigator,
      geolocation: {
        getCurrentPosition: (success: PositionCallback) =>
          success({ coords: { latitude: 43.6547, longitude: -79.4005 } } as GeolocationPosition),
      },
    });
    const api = mock(() => page([store(1)]));
    renderWithProviders(<StoresPage />);
    await userEvent.click(screen.getByRole('button', { name: USE_MY_LOCATION_LABEL }));
    expect(await screen.findByRole('link', { name: /Near Kensington Market/ })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        api.callsTo('GET', catalogPaths.businesses).some((c) => params(c.url).lat === '43.6547'),
      ).toBe(true),
    );
  });

  it('explains a refused location permission', async () => {
    vi.stubGlobal('navigator', {
      ...window.navigator,
      geolocation: {
        getCurrentPosition: (_: PositionCallback, failure: PositionErrorCallback) =>
          failure({ code: 1, message: 'denied' } as GeolocationPositionError),
      },
    });
    mock(() => page([store(1)]));
    renderWithProviders(<StoresPage />);
    await userEvent.click(screen.getByRole('button', { name: USE_MY_LOCATION_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/Location access is turned off/);
  });

  it('shows an empty state when no store is near', async () => {
    await setLocation();
    mock(() => page([]));
    renderWithProviders(<StoresPage />);
    expect(await screen.findByRole('heading', { name: NO_STORES_TITLE })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: STORES_LIST_LABEL })).toBeNull();
  });

  it('shows the error with Retry, and Retry loads the list', async () => {
    await setLocation();
    let calls = 0;
    mock(() => {
      calls += 1;
      return calls === 1
        ? { status: 500, body: { status: 0, message: 'The catalogue is unavailable' } }
        : page([store(1)]);
    });
    renderWithProviders(<StoresPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The catalogue is unavailable');
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'Store 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toBe(2);
  });

  it('searches once the typing pauses, not on every key', async () => {
    await setLocation();
    const api = mock((call) =>
      page(params(call.url).q === 'pho' ? [closedRestaurant] : [store(1), closedRestaurant]),
    );
    renderWithProviders(<StoresPage />);
    await screen.findByRole('link', { name: 'Store 1' });
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search stores' }), 'pho');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Store 1' })).toBeNull());
    expect(await screen.findByRole('link', { name: 'Pho House' })).toBeInTheDocument();
    const searches = api
      .callsTo('GET', catalogPaths.businesses)
      .map((c) => params(c.url).q)
      .filter(Boolean);
    expect(searches).toEqual(['pho']);
  });

  it('filters by kind, shows that kind’s category chips, and filters by category and open now', async () => {
    await setLocation();
    const api = mock(
      () => page([closedRestaurant]),
      (call) => {
        expect(params(call.url)).toEqual({ kind: 'restaurant' });
        return { body: { status: 1, results: restaurantRoots } };
      },
    );
    renderWithProviders(<StoresPage />);
    await screen.findByRole('link', { name: 'Pho House' });
    expect(screen.queryByRole('button', { name: 'Vietnamese' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Restaurants' }));
    expect(screen.getByRole('button', { name: 'Restaurants' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Vietnamese' }));
    await userEvent.click(screen.getByRole('button', { name: 'Open now' }));
    await waitFor(() =>
      expect(params(api.callsTo('GET', catalogPaths.businesses).at(-1)?.url ?? '')).toEqual({
        kind: 'restaurant',
        category: 'vietnamese',
        openNow: 'true',
        lat: '43.6626',
        lng: '-79.3322',
        sort: 'distance',
      }),
    );
  });
});
