import {
  type BrandGtin,
  brandMessages,
  type BrandPartner,
  brandPaths,
  catalogPaths,
} from '@localmart/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { BrandPortalPage } from './brand-portal-page.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const partner: BrandPartner = {
  id: '0d000000-0000-4000-8000-0000000000d1',
  name: 'Northwind Brands',
  brands: ['Northwind'],
  gtinPrefixes: ['0614141'],
  note: '',
  status: 'approved',
  rejectionReason: '',
  createdAt: '2026-11-20T15:00:00.000Z',
  reviewedAt: '2026-11-20T16:00:00.000Z',
};
const category = '0c000000-0000-4000-8000-0000000000c1';
const gtin = '0614141000036';
const current: BrandGtin = {
  gtin,
  product: {
    id: '0e000000-0000-4000-8000-0000000000e1',
    title: 'Oat Crisps 300 g',
    brand: 'Northwind',
    description: 'Old words.',
    categoryId: category,
    images: [],
    attributes: [],
    brandContent: false,
  },
  storeCount: 3,
};

function renderPortal() {
  return renderWithProviders(
    <Routes>
      <Route path="/manage/brands/:brandId" element={<BrandPortalPage />} />
    </Routes>,
    { path: `/manage/brands/${partner.id}` },
  );
}

describe('brand portal', { timeout: 20_000 }, () => {
  it('a partner waiting for approval is told why it cannot edit, and sees no editor', async () => {
    mockApi({
      [`GET ${brandPaths.brand(partner.id)}`]: () => ({
        body: { status: 1, result: { ...partner, status: 'pending', reviewedAt: null } },
      }),
    });
    renderPortal();
    expect(await screen.findByText(brandMessages.notApproved)).toBeInTheDocument();
    expect(screen.getByText('Waiting for approval')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Edit a product by its barcode/)).not.toBeInTheDocument();
  });

  it('opens a GTIN, refuses a mistyped one before asking, and saves the content for every store', async () => {
    const api = mockApi({
      [`GET ${brandPaths.brand(partner.id)}`]: () => ({ body: { status: 1, result: partner } }),
      [`GET ${brandPaths.products(partner.id)}`]: () => ({ body: { status: 1, results: [] } }),
      [`GET ${catalogPaths.categories}`]: () => ({
        body: {
          status: 1,
          results: [
            {
              id: category,
              kind: 'retail',
              slug: 'snacks',
              name: 'Snacks',
              parentId: null,
              children: [],
            },
          ],
        },
      }),
      [`GET ${brandPaths.product(partner.id, gtin)}`]: () => ({
        body: { status: 1, result: current },
      }),
      [`PUT ${brandPaths.product(partner.id, gtin)}`]: (call) => ({
        body: {
          status: 1,
          message: brandMessages.contentSaved,
          result: {
            ...current,
            product: { ...current.product!, ...(call.body as object), brandContent: true },
          },
        },
      }),
    });
    renderPortal();
    const barcode = await screen.findByLabelText(/Edit a product by its barcode/);
    await userEvent.type(barcode, '0614141000037');
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.getByRole('alert')).toHaveTextContent(brandMessages.gtinInvalid);
    await userEvent.clear(barcode);
    await userEvent.type(barcode, gtin);
    await userEvent.click(screen.getByRole('button', { name: 'Open' }));

    const editor = await screen.findByRole('region', { name: `Content of GTIN ${gtin}` });
    const title = await within(editor).findByLabelText('Product name');
    await waitFor(() => expect(title).toHaveValue('Oat Crisps 300 g'));
    expect(within(editor).getByText(/Sold by 3 stores/)).toBeInTheDocument();
    expect(await within(editor).findByRole('option', { name: 'Snacks' })).toBeInTheDocument();
    await userEvent.clear(title);
    await userEvent.type(title, 'Northwind Oat Crisps 300 g');
    await userEvent.click(within(editor).getByRole('button', { name: 'Save for every store' }));
    expect(await within(editor).findByRole('status')).toHaveTextContent(brandMessages.contentSaved);
    const [put] = api.callsTo('PUT', brandPaths.product(partner.id, gtin));
    expect(put?.body).toMatchObject({
      title: 'Northwind Oat Crisps 300 g',
      brand: 'Northwind',
      description: 'Old words.',
      categoryId: category,
      images: [],
    });
  });
});
