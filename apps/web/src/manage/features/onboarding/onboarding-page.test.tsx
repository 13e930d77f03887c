import { managePaths, storeMessages } from '@localmart/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { OnboardingPage } from './onboarding-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const NEW_ID = '55555555-5555-4555-8555-555555555555';
const create = `POST ${managePaths.businesses}`;

function renderPage(answer: { status?: number; body: unknown }) {
  const api = mockApi({
    [create]: () => answer,
    [`GET ${managePaths.me}`]: () => ({
      body: {
        status: 1,
        result: {
          user: { id: NEW_ID, name: 'Sam', email: 'sam@example.com' },
          isAdmin: false,
          stores: [],
        },
      },
    }),
  });
  renderWithProviders(<OnboardingPage />, { path: '/manage/new', pattern: '/manage/new' });
  return api;
}

const next = () => userEvent.click(screen.getByRole('button', { name: 'Next' }));

async function fillStoreStep() {
  await userEvent.type(screen.getByLabelText('Store name'), 'Bean There Café');
  await userEvent.selectOptions(screen.getByLabelText('Kind of business'), 'restaurant');
  await userEvent.type(screen.getByLabelText('Store type'), 'Cafe');
  await next();
}

async function fillLocationStep() {
  await userEvent.type(screen.getByLabelText('Street address'), '12 Ossington Ave');
  await userEvent.type(screen.getByLabelText('Postal code'), 'M6J 2Y7');
  await userEvent.selectOptions(screen.getByLabelText('Nearby place'), 'ossington');
  await userEvent.type(screen.getByLabelText('Phone'), '(416) 555-0123');
  await userEvent.type(screen.getByLabelText('Store email'), 'hello@bean.example');
  await next();
}

describe('onboarding form', { timeout: 30_000 }, () => {
  it('shows each problem by its field and stays on the step until it is fixed', async () => {
    const api = renderPage({ body: { status: 1 } });
    await next();
    expect(screen.getByText('Store name is required.')).toBeInTheDocument();
    expect(screen.getByText('Store type is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Store name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('heading', { name: 'Step 1 of 5: Store' })).toBeInTheDocument();

    await fillStoreStep();
    expect(screen.getByRole('heading', { name: 'Step 2 of 5: Location' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Latitude'), 'north');
    await userEvent.type(screen.getByLabelText('Store email'), 'not-an-email');
    await next();
    expect(screen.getByText('Latitude must be a number.')).toBeInTheDocument();
    expect(screen.getByText('Enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText('Street address is required.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 2 of 5: Location' })).toBeInTheDocument();
    expect(api.callsTo('POST', managePaths.businesses)).toHaveLength(0);
  });

  it('needs delivery terms and a pickup time for the options chosen', async () => {
    renderPage({ body: { status: 1 } });
    await fillStoreStep();
    await fillLocationStep();
    await next();
    expect(screen.getByRole('heading', { name: 'Step 4 of 5: Fulfilment' })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Same-day delivery'));
    await userEvent.clear(screen.getByLabelText('Delivery fee (CAD)'));
    await userEvent.type(screen.getByLabelText('Delivery fee (CAD)'), 'free');
    await userEvent.clear(screen.getByLabelText('Pickup ready in (minutes)'));
    await next();
    expect(screen.getByText('Enter a delivery fee like 4.99')).toBeInTheDocument();
    expect(screen.getByText('Pickup needs a pickup-ready time in minutes')).toBeInTheDocument();
  });

  it('sends the whole store and opens its settings with the approval notice', async () => {
    const api = renderPage({
      status: 201,
      body: {
        status: 1,
        message: storeMessages.created,
        result: { id: NEW_ID, status: 'pending' },
      },
    });
    await fillStoreStep();
    await fillLocationStep();
    expect(screen.getByRole('heading', { name: 'Step 3 of 5: Hours' })).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Monday closes'), { target: { value: '20:00' } });
    await userEvent.click(screen.getByLabelText('Saturday closed'));
    await next();
    await userEvent.click(screen.getByLabelText('Same-day delivery'));
    await userEvent.clear(screen.getByLabelText('Sales tax rate (%)'));
    await userEvent.type(screen.getByLabelText('Sales tax rate (%)'), '13');
    await next();
    expect(
      screen.getByRole('heading', { name: 'Step 5 of 5: Review & create' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Bean There Café/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create store' }));

    expect(await screen.findByTestId('location')).toHaveTextContent(
      `/manage/stores/${NEW_ID}/settings`,
    );
    const [call] = api.callsTo('POST', managePaths.businesses);
    expect(call?.body).toMatchObject({
      name: 'Bean There Café',
      kind: 'restaurant',
      type: 'Cafe',
      address: {
        line1: '12 Ossington Ave',
        line2: null,
        city: 'Toronto',
        region: 'ON',
        postalCode: 'M6J 2Y7',
        country: 'CA',
      },
      lat: 43.6486,
      lng: -79.4203,
      phone: '(416) 555-0123',
      email: 'hello@bean.example',
      website: null,
      currency: 'CAD',
      hours: { timeZone: 'America/Toronto', holidays: [] },
      fulfilment: { reservePickup: true, buyOnlinePickup: true, sameDayDelivery: true },
      delivery: {
        radiusKm: 5,
        fee: { amount: 499, currency: 'CAD' },
        minimumOrder: { amount: 2500, currency: 'CAD' },
        cutoffTime: '15:00',
      },
      pickupReadyMinutes: 60,
      taxRateBps: 1300,
    });
    const hours = (call?.body as { hours: { weekly: Record<string, unknown> } }).hours.weekly;
    expect(hours.mon).toEqual([{ open: '09:00', close: '20:00' }]);
    expect(hours.sat).toEqual([]);
    expect(hours.sun).toEqual([]);
  });

  it("shows the server's refusal and stays on the review", async () => {
    renderPage({
      status: 429,
      body: { status: 0, message: 'Too many requests. Try again later.' },
    });
    await fillStoreStep();
    await fillLocationStep();
    await next();
    await next();
    await userEvent.click(screen.getByRole('button', { name: 'Create store' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests');
    expect(screen.getByTestId('location')).toHaveTextContent('/manage/new');
  });

  it('refuses a postal code that cannot exist in the country, in words', async () => {
    renderPage({ body: { status: 1 } });
    await fillStoreStep();
    await userEvent.type(screen.getByLabelText('Street address'), '12 Ossington Ave');
    await userEvent.type(screen.getByLabelText('Postal code'), 'zzz');
    await userEvent.selectOptions(screen.getByLabelText('Nearby place'), 'ossington');
    await userEvent.type(screen.getByLabelText('Phone'), '(416) 555-0123');
    await userEvent.type(screen.getByLabelText('Store email'), 'hello@bean.example');
    await next();
    expect(screen.getByText('Enter a Canadian postal code like M5V 2T6.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 2 of 5: Location' })).toBeInTheDocument();
  });

  it('moves the time zone with the province until the owner picks one', async () => {
    renderPage({ body: { status: 1 } });
    await fillStoreStep();
    const region = screen.getByLabelText('Province or region');
    await userEvent.clear(region);
    await userEvent.type(region, 'BC');
    await userEvent.type(screen.getByLabelText('Street address'), '1 Main St');
    await userEvent.type(screen.getByLabelText('Postal code'), 'V6B 1A1');
    await userEvent.selectOptions(screen.getByLabelText('Nearby place'), 'ossington');
    await userEvent.type(screen.getByLabelText('Phone'), '(604) 555-0123');
    await userEvent.type(screen.getByLabelText('Store email'), 'hello@bean.example');
    await next();
    expect(screen.getByLabelText('Time zone')).toHaveValue('America/Vancouver');
    expect(
      screen.getByRole('option', { name: 'America/Vancouver (suggested for your address)' }),
    ).toBeInTheDocument();
  });

  it('checks the hours: overlaps in words, next-day closes, copy to all days, special hours in the review', async () => {
    const api = renderPage({
      status: 201,
      body: {
        status: 1,
        message: storeMessages.created,
        result: { id: NEW_ID, status: 'pending' },
      },
    });
    await fillStoreStep();
    await fillLocationStep();
    await userEvent.click(screen.getByLabelText('Add Saturday hours'));
    fireEvent.change(screen.getByLabelText('Saturday opens (2)'), { target: { value: '12:00' } });
    await next();
    expect(
      screen.getByText(
        "Saturday's hours overlap (10:00–17:00 and 12:00–21:00): change one, or join them into one.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Step 3 of 5: Hours' })).toBeInTheDocument();
    await userEvent.click(screen.getByLabelText('Remove Saturday hours (2)'));

    fireEvent.change(screen.getByLabelText('Friday closes'), { target: { value: '01:00' } });
    expect(screen.getByText('next day')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Monday closes'), { target: { value: '20:00' } });
    await userEvent.click(screen.getByLabelText("Copy Monday's hours to all days"));
    expect(screen.getByLabelText('Sunday closes')).toHaveValue('20:00');
    expect(screen.getByLabelText('Sunday closed')).not.toBeChecked();
    expect(screen.queryByText('next day')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Add special hours' }));
    const special = screen.getByRole('group', { name: 'Special hours 1' });
    fireEvent.change(within(special).getByLabelText('From'), { target: { value: '2026-12-24' } });
    fireEvent.change(within(special).getByLabelText('To'), { target: { value: '2026-12-20' } });
    await next();
    expect(
      screen.getByText('The last day of special hours must be on or after the first day.'),
    ).toBeInTheDocument();
    fireEvent.change(within(special).getByLabelText('To'), { target: { value: '2026-12-26' } });
    await userEvent.click(within(special).getByLabelText('Closed on these dates'));
    await userEvent.type(within(special).getByLabelText('Name (optional)'), 'Christmas');
    await userEvent.click(screen.getByRole('button', { name: 'Add a closure' }));
    fireEvent.change(screen.getByLabelText('Closed on (1)'), { target: { value: '2027-01-01' } });
    await userEvent.type(screen.getByLabelText('Reason (1)'), 'New Year');
    await next();
    await next();
    expect(screen.getByText('Christmas: Thu Dec 24 to Sat Dec 26: Closed')).toBeInTheDocument();
    expect(screen.getByText('Closed: Fri Jan 1 (New Year)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Create store' }));
    await screen.findByTestId('location');
    const [call] = api.callsTo('POST', managePaths.businesses);
    expect((call?.body as { hours: unknown }).hours).toMatchObject({
      special: [{ from: '2026-12-24', to: '2026-12-26', name: 'Christmas', intervals: [] }],
      holidays: [{ date: '2027-01-01', name: 'New Year' }],
    });
  });
});
