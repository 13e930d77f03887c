import { managePaths, storeMessages, storeOrderMessages } from '@localmart/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { StoreProvider } from '../../lib/store-context.tsx';
import { storeDetail } from '../../test/store-fixtures.ts';
import { StoreSettingsPage } from './store-settings-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const store = storeDetail();
const ID = store.id;

function renderPage(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...routes,
    [`GET ${managePaths.business(ID)}`]: () => ({ body: { status: 1, result: store } }),
    [`GET ${managePaths.documents(ID)}`]: () => ({ body: { status: 1, results: [] } }),
    [`GET ${managePaths.me}`]: () => ({ status: 500, body: { status: 0, message: 'x' } }),
    [`POST ${managePaths.submit(ID)}`]: () => ({
      body: { status: 1, message: storeMessages.submitted },
    }),
    [`PUT ${managePaths.hours(ID)}`]: () => ({
      body: { status: 1, message: storeMessages.hoursSaved },
    }),
    [`PATCH ${managePaths.business(ID)}`]: () => ({
      status: 409,
      body: { status: 0, message: storeMessages.storeCodeTaken },
    }),
  });
  renderWithProviders(
    <StoreProvider
      value={{
        businessId: ID,
        name: store.name,
        kind: 'service',
        status: 'rejected',
        access: 'owner',
        canOwn: true,
        timeZone: 'America/Toronto',
      }}
    >
      <StoreSettingsPage />
    </StoreProvider>,
  );
  return api;
}

describe('store settings', { timeout: 30_000 }, () => {
  it('shows the review note and submits a rejected store again', async () => {
    const api = renderPage();
    expect(
      await screen.findByText('Note from Localmart: Add a photo of your storefront'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Submit again' }));
    expect(await screen.findByText(storeMessages.submitted)).toBeInTheDocument();
    expect(api.callsTo('POST', managePaths.submit(ID))).toHaveLength(1);
  });

  it('saves the hours it shows, and shows a refused store code by the form', async () => {
    const api = renderPage();
    await userEvent.click(await screen.findByLabelText('Saturday closed'));
    await userEvent.click(screen.getByRole('button', { name: 'Save hours' }));
    expect(await screen.findByText(storeMessages.hoursSaved)).toBeInTheDocument();
    const body = api.callsTo('PUT', managePaths.hours(ID))[0]?.body as {
      weekly: Record<string, unknown>;
    };
    expect(body.weekly.sat).toEqual([{ open: '09:00', close: '17:00' }]);
    expect(body.weekly.mon).toEqual([{ open: '09:00', close: '17:00' }]);

    const code = screen.getByLabelText('Store code (inventory feeds)');
    await userEvent.clear(code);
    await userEvent.type(code, 'taken-code');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(storeMessages.storeCodeTaken)).toBeInTheDocument();
    expect(api.callsTo('PATCH', managePaths.business(ID))[0]?.body).toMatchObject({
      storeCode: 'taken-code',
      name: store.name,
    });
  });

  it('refuses a negative delivery fee or minimum order by its field, in the server’s words', async () => {
    const api = renderPage();
    await userEvent.click(await screen.findByLabelText('Same-day delivery'));
    const fee = screen.getByLabelText(`Delivery fee (${store.currency})`);
    await userEvent.clear(fee);
    await userEvent.type(fee, '-5.00');
    const minimum = screen.getByLabelText(`Minimum order (${store.currency})`);
    await userEvent.clear(minimum);
    await userEvent.type(minimum, '-1');
    await userEvent.click(screen.getByRole('button', { name: 'Save fulfilment' }));
    expect(await screen.findByText(storeMessages.deliveryFeeNegative)).toBeVisible();
    expect(fee).toHaveAccessibleDescription(storeMessages.deliveryFeeNegative);
    expect(minimum).toHaveAccessibleDescription(storeMessages.minimumOrderNegative);
    expect(api.callsTo('PUT', managePaths.fulfilment(ID))).toHaveLength(0);
  });

  it("sets the store's no-show hold window in hours, empty for the terms' default (issue 15)", async () => {
    const api = renderPage({
      [`PUT ${managePaths.fulfilment(ID)}`]: () => ({
        body: { status: 1, message: 'Saved' },
      }),
    });
    const hold = await screen.findByLabelText('Hold pickups for (hours)');
    expect(hold).toHaveValue('');
    await userEvent.type(hold, '500');
    await userEvent.click(screen.getByRole('button', { name: 'Save fulfilment' }));
    expect(await screen.findByText(storeOrderMessages.noShowHoldInvalid)).toBeVisible();
    expect(api.callsTo('PUT', managePaths.fulfilment(ID))).toHaveLength(0);
    await userEvent.clear(hold);
    await userEvent.type(hold, '2');
    await userEvent.click(screen.getByRole('button', { name: 'Save fulfilment' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', managePaths.fulfilment(ID))).toHaveLength(1));
    expect(api.callsTo('PUT', managePaths.fulfilment(ID))[0]?.body).toMatchObject({
      noShowHoldMinutes: 120,
    });
  });

  it('offers upload of verification documents and a pause', async () => {
    renderPage();
    expect(await screen.findByLabelText('Business document')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload document' })).toBeInTheDocument();
    expect(screen.getByLabelText('Pause orders until')).toBeInTheDocument();
    expect(await screen.findByText('No documents uploaded yet.')).toBeInTheDocument();
  });
});
