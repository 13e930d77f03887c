import {
  type PendingProductContent,
  storeProductMessages,
  storeProductPaths,
} from '@localmart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { sitePaths } from '../../lib/site-paths.ts';
import { AdminProductContentPage } from './admin-product-content-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const water: PendingProductContent = {
  productId: '0c000000-0000-4000-8000-0000000000a1',
  title: 'Sparkling Water 500 ml',
  brand: 'Brookfizz',
  gtin: '2000000091013',
  description: 'Lightly carbonated.',
  images: [],
  storeId: '0b000000-0000-4000-8000-0000000000b1',
  storeName: 'Quick Stop Variety',
  storeApproved: true,
  createdAt: '2026-11-20T15:00:00.000Z',
};
const fromPending: PendingProductContent = {
  ...water,
  productId: '0c000000-0000-4000-8000-0000000000a2',
  title: 'RECALL notice',
  storeName: 'New Store',
  storeApproved: false,
};

describe('admin product content', { timeout: 20_000 }, () => {
  it('lists store-written barcode content and confirms one; a store under review cannot be confirmed', async () => {
    let confirmed = false;
    const api = mockApi({
      [`GET ${storeProductPaths.adminPending}`]: () => ({
        body: { status: 1, results: confirmed ? [fromPending] : [water, fromPending] },
      }),
      [`POST ${storeProductPaths.adminConfirm(water.productId)}`]: () => {
        confirmed = true;
        return { body: { status: 1, message: storeProductMessages.confirmed } };
      },
    });
    renderWithProviders(<AdminProductContentPage />, { path: sitePaths.adminProductContent });
    const row = (await screen.findByText('Sparkling Water 500 ml')).closest('tr')!;
    expect(within(row).getByText('2000000091013')).toBeInTheDocument();
    expect(within(row).getByText('Quick Stop Variety')).toBeInTheDocument();
    const pendingRow = screen.getByText('RECALL notice').closest('tr')!;
    expect(within(pendingRow).getByText('Under review')).toBeInTheDocument();
    expect(
      within(pendingRow).getByRole('button', { name: 'Confirm RECALL notice for everyone' }),
    ).toBeDisabled();

    await userEvent.click(
      within(row).getByRole('button', { name: 'Confirm Sparkling Water 500 ml for everyone' }),
    );
    expect(api.callsTo('POST', storeProductPaths.adminConfirm(water.productId))).toHaveLength(1);
    // Confirmed content leaves the queue; the other stays.
    await waitFor(() =>
      expect(screen.queryByText('Sparkling Water 500 ml')).not.toBeInTheDocument(),
    );
    expect(screen.getByText('RECALL notice')).toBeInTheDocument();
  });
});
