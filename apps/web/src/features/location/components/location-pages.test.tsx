import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { devicePreferences } from '../../../lib/location/device-preferences.ts';
import { GEOLOCATION_MESSAGES } from '../../../lib/location/device-position.ts';
import { LocationProbe, renderWithProviders } from '../../../test/render.tsx';
import { CountryModalPage } from './country-modal-page.tsx';
import {
  NO_PLACES_MESSAGE,
  PLACE_SEARCH_LABEL,
  USE_CURRENT_LOCATION_LABEL,
  UserLocationPage,
} from './user-location-page.tsx';

// The page renders Ionic and a query per filter; on a busy CI core the default 1 s is tight.
configure({ asyncUtilTimeout: 5000 });

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

afterEach(async () => {
  await devicePreferences.remove('lm_location');
  await devicePreferences.remove('lm_country');
});

/** Opened from another page, so "back" has somewhere to go. */
function renderFrom(previous: string, current: string, ui: ReactNode) {
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter
        initialEntries={[previous, current]}
        initialIndex={1}
        future={{ v7_startTransition: true, v7_relativeSplatPath: true }}
      >
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/**
 * A place's button by its name. Role queries compute the accessible name of all ~50 places, which
 * takes seconds in jsdom; the name text is unique, so its button is found directly.
 */
function placeButton(name: string): HTMLElement {
  const button = screen.getByText(name, { selector: '.lm-place-name' }).closest('button');
  if (!button) throw new Error(`no button for ${name}`);
  return button;
}

function storedLocation(): unknown {
  const raw = devicePreferences.getSnapshot().lm_location;
  return raw ? (JSON.parse(raw) as unknown) : null;
}

describe('UserLocationPage', () => {
  it('saves a picked place and returns to the page that opened it', async () => {
    renderFrom('/products', '/user-location', <UserLocationPage />);
    await userEvent.click(placeButton('Leslieville'));
    expect(storedLocation()).toEqual({
      lat: 43.6626,
      lng: -79.3322,
      label: 'Leslieville',
      source: 'place',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/products'));
  });

  it('goes to /home when opened directly', async () => {
    renderWithProviders(<UserLocationPage />, { path: '/user-location' });
    await userEvent.click(placeButton('Downtown Toronto'));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/home$/));
  });

  it('filters the bundled places as the shopper types, ignoring accents', async () => {
    renderWithProviders(<UserLocationPage />, { path: '/user-location' });
    const search = screen.getByRole('searchbox', { name: PLACE_SEARCH_LABEL });
    await userEvent.type(search, 'montreal');
    const places = within(screen.getByRole('list', { name: 'Places' })).getAllByRole('button');
    expect(places).toHaveLength(1);
    expect(places[0]).toHaveTextContent('Montréal');
    await userEvent.clear(search);
    await userEvent.type(search, 'atlantis');
    expect(screen.getByText(NO_PLACES_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Places' })).toBeNull();
  });

  it('uses the device position, named after the nearest place', async () => {
    vi.stubGlobal('navigator', {
      ...window.navigator,
      geolocation: {
        getCurrentPosition: (success: PositionCallback) =>
          success({ coords: { latitude: 43.6465, longitude: -79.4637 } } as GeolocationPosition),
      },
    });
    renderFrom('/home', '/user-location', <UserLocationPage />);
    await userEvent.click(screen.getByRole('button', { name: USE_CURRENT_LOCATION_LABEL }));
    expect(storedLocation()).toEqual({
      lat: 43.6465,
      lng: -79.4637,
      label: 'High Park',
      source: 'device',
    });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/home'));
  });

  it('stays and explains when the device has no geolocation', async () => {
    vi.stubGlobal('navigator', { ...window.navigator, geolocation: undefined });
    renderFrom('/home', '/user-location', <UserLocationPage />);
    await userEvent.click(screen.getByRole('button', { name: USE_CURRENT_LOCATION_LABEL }));
    expect(screen.getByRole('alert')).toHaveTextContent(GEOLOCATION_MESSAGES.unavailable);
    expect(storedLocation()).toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent('/user-location');
  });

  it('shows where the shopper is shopping now', async () => {
    await devicePreferences.set(
      'lm_location',
      JSON.stringify({ lat: 43.6547, lng: -79.4005, label: 'Kensington Market', source: 'place' }),
    );
    renderWithProviders(<UserLocationPage />, { path: '/user-location' });
    expect(screen.getByText(/Now shopping near/)).toHaveTextContent('Kensington Market');
    expect(placeButton('Kensington Market')).toHaveAttribute('aria-current', 'true');
  });
});

describe('CountryModalPage', () => {
  it('lists the countries with what each changes, Canada chosen by default', () => {
    renderWithProviders(<CountryModalPage />, { path: '/country-modal' });
    const options = within(screen.getByRole('list', { name: 'Countries' })).getAllByRole('button');
    expect(options.map((o) => o.textContent?.split(/[A-Z]{3} ·/)[0])).toEqual([
      'Canada',
      'United States',
      'United Kingdom',
      'India',
      'Australia',
    ]);
    expect(screen.getByRole('button', { name: /^Canada/ })).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('button', { name: /^United Kingdom/ })).toHaveTextContent(
      'GBP · £12.99 · mi',
    );
  });

  it('saves the chosen country and goes back', async () => {
    renderFrom('/products', '/country-modal', <CountryModalPage />);
    await userEvent.click(screen.getByRole('button', { name: /^United States/ }));
    expect(devicePreferences.getSnapshot().lm_country).toBe('US');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/products'));
  });
});
