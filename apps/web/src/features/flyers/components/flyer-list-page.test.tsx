import { catalogPaths } from '@localmart/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DEVICE_PREFERENCE_KEYS,
  devicePreferences,
} from '../../../lib/location/device-preferences.ts';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { flyerSummary } from '../test/fixtures.ts';
import { FlyerListPage, NO_FLYERS_TITLE } from './flyer-list-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

afterEach(async () => {
  await devicePreferences.remove(DEVICE_PREFERENCE_KEYS.location);
});

const list = `GET ${catalogPaths.flyers}`;

// The first render loads Ionic and the page's modules, which takes seconds on a busy machine.
describe('FlyerListPage', { timeout: 20_000 }, () => {
  it('lists flyers nearest first from the shopper location, each linking to its viewer', async () => {
    await devicePreferences.set(
      DEVICE_PREFERENCE_KEYS.location,
      JSON.stringify({ lat: 43.65, lng: -79.38, label: 'Downtown Toronto', source: 'place' }),
    );
    const second = flyerSummary({ id: '0b1c2d3e-4f5a-4b6c-8d7e-8f9a0b1c2d10', title: 'Holiday' });
    const api = mockApi({
      [list]: () => ({
        body: { status: 1, results: [flyerSummary(), second], nextCursor: null },
      }),
    });
    renderWithProviders(<FlyerListPage />, { path: '/flyerlist' });
    const card = await screen.findByRole(
      'link',
      { name: 'Queen Street Market: Weekly deals' },
      { timeout: 5000 },
    );
    expect(card).toHaveAttribute('href', `/flyer-details?id=${flyerSummary().id}`);
    expect(screen.getByRole('link', { name: 'Queen Street Market: Holiday' })).toBeInTheDocument();
    expect(screen.getByText('Downtown Toronto')).toBeInTheDocument();
    const url = new URL(api.calls[0]?.url ?? '', 'http://x');
    expect(url.searchParams.get('lat')).toBe('43.65');
    expect(url.searchParams.get('lng')).toBe('-79.38');
    expect(url.searchParams.get('sort')).toBe('distance');
  });

  it('without a location asks for one and sends no coordinates', async () => {
    const api = mockApi({
      [list]: () => ({ body: { status: 1, results: [flyerSummary()], nextCursor: null } }),
    });
    renderWithProviders(<FlyerListPage />, { path: '/flyerlist' });
    await screen.findByRole('link', { name: 'Queen Street Market: Weekly deals' });
    expect(screen.getByRole('link', { name: 'Set your location' })).toHaveAttribute(
      'href',
      '/user-location',
    );
    expect(api.calls[0]?.url).toBe(catalogPaths.flyers);
  });

  it('shows the empty state when no store has a flyer', async () => {
    mockApi({ [list]: () => ({ body: { status: 1, results: [], nextCursor: null } }) });
    renderWithProviders(<FlyerListPage />, { path: '/flyerlist' });
    expect(await screen.findByRole('heading', { name: NO_FLYERS_TITLE })).toBeInTheDocument();
  });

  it('shows the error with Retry, and Retry loads the list', async () => {
    let calls = 0;
    mockApi({
      [list]: () =>
        ++calls === 1
          ? { status: 400, body: { status: 0, message: 'lat and lng must be given together' } }
          : { body: { status: 1, results: [flyerSummary()], nextCursor: null } },
    });
    renderWithProviders(<FlyerListPage />, { path: '/flyerlist' });
    expect(await screen.findByText('lat and lng must be given together')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(
      await screen.findByRole('link', { name: 'Queen Street Market: Weekly deals' }),
    ).toBeInTheDocument();
  });
});
