import {
  appointmentPaths,
  catalogPaths,
  commerceMessages,
  commercePaths,
  STORAGE_KEYS,
} from '@localmart/contract';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { serviceDetailsPath } from '../../../components/catalog/service-card.tsx';
import { showSuccess } from '../../../components/ui/toasts/toasts.ts';
import { authModals } from '../../../lib/auth-modals.ts';
import { sharedState } from '../../../lib/shared-state.ts';
import { ALL_STORAGE_KEYS, storage } from '../../../lib/storage.ts';
import { mockApi, notFound } from '../../../test/api-mock.ts';
import { cartAnswer, cartLine } from '../../../test/cart-fixtures.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import {
  bikeTuneUp,
  categories,
  phoneRepair,
  phoneRepairSlots,
  provider,
} from '../test/fixtures.ts';
import { providerServicesPath } from './provider-card.tsx';
import {
  BOOK_LABEL,
  CONTACT_LABEL,
  contactsPath,
  SERVICE_MISSING,
  ServiceDetailsPage,
} from './service-details-page.tsx';
import { NO_PROVIDERS, ServiceListPage } from './service-list-page.tsx';
import { NO_TIMES_THAT_DAY } from '../../../components/appointments/appointment-picker.tsx';
import { NO_SERVICES, SEARCH_SERVICES, ServicesPage } from './services-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});
// Role queries over Ionic's page DOM are slow in jsdom, and the machine running the suite is shared.
vi.setConfig({ testTimeout: 15_000 });
configure({ asyncUtilTimeout: 5_000 });
vi.mock('../../../components/ui/toasts/toasts.ts', () => ({
  showError: vi.fn(),
  showSuccess: vi.fn(),
  showInfo: vi.fn(),
  toastId: vi.fn(),
}));

afterEach(async () => {
  authModals.close();
  await storage.remove(...ALL_STORAGE_KEYS);
});

const page = (results: unknown[], nextCursor: string | null = null) => ({
  body: { status: 1, results, nextCursor },
});
const servicePath = catalogPaths.service(provider.id, phoneRepair.id);
const slotsPath = appointmentPaths.serviceSlots(phoneRepair.id);
const slotsAnswer = () => ({ body: { status: 1, result: phoneRepairSlots } });

function queryOf(url: string | undefined) {
  return Object.fromEntries(new URL(url ?? '', 'http://x').searchParams);
}

describe('ServiceListPage', () => {
  it('lists providers with open state and their first services', async () => {
    const api = mockApi({
      [`GET ${catalogPaths.businesses}`]: () => page([provider]),
      [`GET ${catalogPaths.services}`]: () => page([bikeTuneUp, phoneRepair]),
    });
    renderWithProviders(<ServiceListPage />, { path: '/servicelist' });
    await screen.findByText('Bike tune-up');
    const card = screen.getByRole('article', { name: provider.name });
    expect(card).toHaveTextContent('Closed');
    expect(card).toHaveTextContent('Opens 9:00');
    const link = within(card).getByRole('link', { name: /Phone screen repair/ });
    expect(link).toHaveAttribute('href', serviceDetailsPath(provider.id, phoneRepair.id));
    expect(link).toHaveTextContent('From $120.00');
    expect(link).toHaveTextContent('1 h 30 min');
    expect(
      within(card).getByRole('link', { name: `All services at ${provider.name}` }),
    ).toHaveAttribute('href', providerServicesPath(provider.id));
    expect(queryOf(api.callsTo('GET', catalogPaths.businesses)[0]?.url)).toMatchObject({
      kind: 'service',
    });
    expect(queryOf(api.callsTo('GET', catalogPaths.services)[0]?.url)).toMatchObject({
      businessId: provider.id,
      limit: '3',
    });
  });

  it('says when there is no provider nearby', async () => {
    mockApi({ [`GET ${catalogPaths.businesses}`]: () => page([]) });
    renderWithProviders(<ServiceListPage />, { path: '/servicelist' });
    expect(await screen.findByRole('heading', { name: NO_PROVIDERS })).toBeInTheDocument();
  });
});

describe('ServicesPage', () => {
  it('lists services and filters by category, price band, sort and search', async () => {
    const api = mockApi({
      [`GET ${catalogPaths.services}`]: () => page([phoneRepair, bikeTuneUp]),
      [`GET ${catalogPaths.categories}`]: () => ({ body: { status: 1, results: categories } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ServicesPage />, { path: '/services' });
    await screen.findByText('Bike tune-up');
    const card = screen.getByRole('link', { name: 'Phone screen repair' });
    expect(card).toHaveAttribute('href', serviceDetailsPath(provider.id, phoneRepair.id));
    expect(card).toHaveAccessibleDescription(/From \$120\.00/);
    expect(screen.getByRole('link', { name: 'Bike tune-up' })).toHaveAccessibleDescription(
      /\$65\.00, 1 h/,
    );
    expect(queryOf(api.callsTo('GET', catalogPaths.categories)[0]?.url)).toEqual({
      kind: 'service',
    });

    await user.click(await screen.findByRole('button', { name: 'Beauty' }));
    await user.selectOptions(screen.getByLabelText('Price'), '$50.00 to $100.00');
    await user.selectOptions(screen.getByLabelText('Sort'), 'Price: high to low');
    await user.type(screen.getByLabelText(SEARCH_SERVICES), 'nails');
    await waitFor(() => {
      expect(queryOf(api.callsTo('GET', catalogPaths.services).at(-1)?.url)).toEqual({
        q: 'nails',
        category: 'beauty',
        minPrice: '5000',
        maxPrice: '9999',
        sort: 'price_desc',
      });
    });
  });

  it('shows an empty state, and an error state with Retry', async () => {
    let calls = 0;
    mockApi({
      [`GET ${catalogPaths.services}`]: () =>
        ++calls === 1 ? { status: 400, body: { status: 0, message: 'q is too long' } } : page([]),
      [`GET ${catalogPaths.categories}`]: () => ({ body: { status: 1, results: [] } }),
    });
    const user = userEvent.setup();
    renderWithProviders(<ServicesPage />, { path: '/services' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('q is too long');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: NO_SERVICES })).toBeInTheDocument();
  });
});

describe('ServiceDetailsPage', () => {
  const pattern = '/service-details/:businessid/:serviceid';
  const path = serviceDetailsPath(provider.id, phoneRepair.id);

  it('shows photos, price label, duration, description and the provider with Contact', async () => {
    mockApi({
      [`GET ${servicePath}`]: () => ({ body: { status: 1, result: phoneRepair } }),
      [`GET ${slotsPath}`]: slotsAnswer,
    });
    renderWithProviders(<ServiceDetailsPage />, { path, pattern });
    await screen.findByText(phoneRepair.description);
    expect(screen.getByRole('heading', { name: 'Phone screen repair' })).toBeInTheDocument();
    expect(screen.getByText('From $120.00')).toBeInTheDocument();
    expect(screen.getByText('1 h 30 min')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Phone on the bench' })).toHaveAttribute('width', '800');
    expect(screen.getByRole('img', { name: 'New screen' })).toBeInTheDocument();
    const offeredBy = screen.getByRole('region', { name: provider.name });
    expect(offeredBy).toHaveTextContent('Closed');
    expect(offeredBy).toHaveTextContent(provider.addressLine);
    expect(within(offeredBy).getByRole('link', { name: CONTACT_LABEL })).toHaveAttribute(
      'href',
      contactsPath(provider.id),
    );
  });

  it('shows the days and times with places left; a full time cannot be picked', async () => {
    mockApi({
      [`GET ${servicePath}`]: () => ({ body: { status: 1, result: phoneRepair } }),
      [`GET ${slotsPath}`]: slotsAnswer,
    });
    const user = userEvent.setup();
    renderWithProviders(<ServiceDetailsPage />, { path, pattern });
    const days = await screen.findByRole('radiogroup', { name: 'Day' });
    expect(within(days).getByRole('radio', { name: 'Fri Nov 20, 1 free' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '09:00, fully booked' })).toBeDisabled();
    const free = screen.getByRole('radio', { name: '10:30, 2 left' });
    expect(
      screen.getByRole('button', { name: `${BOOK_LABEL} ${phoneRepair.name}` }),
    ).toBeDisabled();
    await user.click(free);
    expect(free).toBeChecked();
    expect(screen.getByText('Fri Nov 20, 10:30–12:00')).toBeInTheDocument();
    await user.click(within(days).getByRole('radio', { name: 'Sat Nov 21, Closed' }));
    expect(screen.getByText(NO_TIMES_THAT_DAY)).toBeInTheDocument();
  });

  it('books the picked time into the cart; a signed-out visitor is asked to sign in', async () => {
    const api = mockApi({
      [`GET ${servicePath}`]: () => ({ body: { status: 1, result: phoneRepair } }),
      [`GET ${slotsPath}`]: slotsAnswer,
      [`POST ${commercePaths.cartItems}`]: () => ({
        body: cartAnswer([cartLine({ kind: 'service' }), cartLine()]),
      }),
    });
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<ServiceDetailsPage />, { path, pattern });
    await user.click(await screen.findByRole('radio', { name: '10:30, 2 left' }));
    const book = screen.getByRole('button', { name: `${BOOK_LABEL} ${phoneRepair.name}` });
    await user.click(book);
    expect(authModals.getSnapshot().returnUrl).toBe(path.slice(1));
    expect(api.callsTo('POST', commercePaths.cartItems)).toEqual([]);
    authModals.close();
    unmount();

    await storage.set(STORAGE_KEYS.token, 'tok');
    await storage.set(STORAGE_KEYS.username, 'Ada Lovelace');
    renderWithProviders(<ServiceDetailsPage />, { path, pattern });
    await user.click(await screen.findByRole('radio', { name: '10:30, 2 left' }));
    await user.click(screen.getByRole('button', { name: `${BOOK_LABEL} ${phoneRepair.name}` }));
    await waitFor(() =>
      expect(showSuccess).toHaveBeenCalledWith(
        expect.any(String),
        commerceMessages.addedToCart,
        expect.anything(),
      ),
    );
    expect(api.callsTo('POST', commercePaths.cartItems)[0]?.body).toEqual({
      kind: 'service',
      itemId: phoneRepair.id,
      quantity: 1,
      appointmentStartsAt: '2026-11-20T15:30:00.000Z',
    });
    expect(sharedState.get().cartRecords).toBe(2);
  });

  it('says so when the service does not exist', async () => {
    mockApi({ [`GET ${servicePath}`]: () => notFound });
    renderWithProviders(<ServiceDetailsPage />, { path, pattern });
    expect(await screen.findByRole('heading', { name: SERVICE_MISSING })).toBeInTheDocument();
  });
});
