import {
  OPEN_STATE_WORDS,
  STOCK_LABELS,
  stockStatus,
  type Offer,
  type ProductSummary,
} from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { NOT_NEARBY_LABEL, ProductCard, productDetailsPath, SALE_LABEL } from './product-card.tsx';

const productId = '11111111-1111-4111-8111-111111111111';

function offer(quantity: number, price: number, sale: number | null, distanceKm: number | null) {
  const regular = { amount: price, currency: 'CAD' };
  const salePrice = sale === null ? null : { amount: sale, currency: 'CAD' };
  return {
    id: '22222222-2222-4222-8222-222222222222',
    productId,
    business: {
      id: '33333333-3333-4333-8333-333333333333',
      slug: 'queen-st-market',
      name: 'Queen St Market',
      kind: 'retail',
      logo: { url: '/logo.svg', width: 256, height: 256, alt: 'logo' },
      addressLine: '1 Queen St',
      lat: 43.65,
      lng: -79.38,
      openState: {
        open: true,
        status: OPEN_STATE_WORDS.open,
        detail: null,
        text: OPEN_STATE_WORDS.open,
        changesAt: null,
      },
    },
    price: regular,
    sale: salePrice && {
      price: salePrice,
      startsAt: '2020-01-01T00:00:00.000Z',
      endsAt: '2099-01-01T00:00:00.000Z',
    },
    currentPrice: salePrice ?? regular,
    onSale: salePrice !== null,
    quantity,
    stock: stockStatus(quantity),
    updatedAt: '2026-11-21T10:00:00.000Z',
    distanceKm,
    pickupPromise: null,
    fulfilment: { reservePickup: true, buyOnlinePickup: false, sameDayDelivery: false },
  } satisfies Offer;
}

function product(overrides: Partial<ProductSummary> = {}): ProductSummary {
  const best = offer(2, 549, null, 1.4);
  return {
    id: productId,
    slug: 'organic-2-milk-2-l',
    title: 'Organic 2% Milk 2 L',
    brand: 'Maple Farms',
    gtin: '0000000000000',
    image: { url: '/api/v1/catalog-images/milk', width: 480, height: 480, alt: 'Milk carton' },
    category: { id: '44444444-4444-4444-8444-444444444444', slug: 'milk', name: 'Milk' },
    offerCount: 4,
    lowestPrice: best.currentPrice,
    bestOffer: best,
    ...overrides,
  };
}

describe('ProductCard', () => {
  it('shows image, brand, title link, lowest price, best store, distance, stock and store count', () => {
    renderWithProviders(<ProductCard product={product()} />);
    const link = screen.getByRole('link', { name: 'Organic 2% Milk 2 L' });
    expect(link).toHaveAttribute('href', productDetailsPath(productId));
    expect(productDetailsPath(productId)).toBe(`/details?id=${productId}`);
    const image = screen.getByRole('img', { name: 'Milk carton' });
    // width/height reserve the box before the image loads (no layout shift)
    expect(image).toHaveAttribute('width', '480');
    expect(image).toHaveAttribute('height', '480');
    expect(screen.getByText('Maple Farms')).toBeInTheDocument();
    expect(screen.getByText('From')).toBeInTheDocument();
    expect(screen.getByText('$5.49')).toBeInTheDocument();
    expect(screen.getByText('Queen St Market')).toBeInTheDocument();
    expect(screen.getByText('1.4 km')).toBeInTheDocument();
    // quantity 2: the contract's low-stock wording, verbatim
    expect(screen.getByText(STOCK_LABELS.low_stock)).toBeInTheDocument();
    expect(screen.getByText('4 stores')).toBeInTheDocument();
  });

  it('inside the store’s own page it does not repeat the store name or its distance', () => {
    renderWithProviders(<ProductCard product={product()} showStore={false} />);
    expect(screen.getByRole('link', { name: 'Organic 2% Milk 2 L' })).toBeInTheDocument();
    expect(screen.getByText('$5.49')).toBeInTheDocument();
    expect(screen.getByText(STOCK_LABELS.low_stock)).toBeInTheDocument();
    expect(screen.queryByText('Queen St Market')).not.toBeInTheDocument();
    expect(screen.queryByText('1.4 km')).not.toBeInTheDocument();
  });

  it('strikes the regular price when the lowest price is the best offer on sale', () => {
    const best = offer(9, 699, 449, null);
    const { container } = renderWithProviders(
      <ProductCard product={product({ bestOffer: best, lowestPrice: best.currentPrice })} />,
    );
    expect(screen.getByText(SALE_LABEL)).toBeInTheDocument();
    expect(container.querySelector('s')).toHaveTextContent('$6.99');
    expect(screen.getByText('$4.49')).toBeInTheDocument();
    expect(screen.getByText(STOCK_LABELS.in_stock)).toBeInTheDocument();
    // no location was given: no distance
    expect(screen.queryByText(/km$/)).toBeNull();
  });

  it('does not strike a price from another store than the one it shows', () => {
    const best = offer(9, 699, 449, 0.8);
    const { container } = renderWithProviders(
      <ProductCard
        product={product({ bestOffer: best, lowestPrice: { amount: 399, currency: 'CAD' } })}
      />,
    );
    expect(container.querySelector('s')).toBeNull();
    expect(screen.queryByText(SALE_LABEL)).toBeNull();
    expect(screen.getByText('$3.99')).toBeInTheDocument();
  });

  it('says when no store nearby has it, without a store line', () => {
    renderWithProviders(
      <ProductCard product={product({ bestOffer: null, lowestPrice: null, offerCount: 0 })} />,
    );
    const card = screen.getByRole('article');
    expect(within(card).getByText(NOT_NEARBY_LABEL)).toBeInTheDocument();
    expect(within(card).queryByText(/stores?$/)).toBeNull();
  });

  it('one store reads "1 store" and drops "From"', () => {
    renderWithProviders(<ProductCard product={product({ offerCount: 1 })} />);
    expect(screen.getByText('1 store')).toBeInTheDocument();
    expect(screen.queryByText('From')).toBeNull();
  });
});
