import { STOCK_LABELS } from '@localmart/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { offer, product, productId } from '../../test/catalog-fixtures.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { NOT_NEARBY_LABEL, ProductCard, productDetailsPath, SALE_LABEL } from './product-card.tsx';

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
