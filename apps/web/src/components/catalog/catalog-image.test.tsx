import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CatalogImage } from './catalog-image.tsx';

const cover = { url: '/api/v1/catalog-images/abc', width: 1200, height: 480, alt: 'Storefront' };

describe('CatalogImage', () => {
  it('reserves its box (width and height) and loads lazily by default', () => {
    render(<CatalogImage image={cover} />);
    const img = screen.getByRole('img', { name: 'Storefront' });
    expect(img).toHaveAttribute('width', '1200');
    expect(img).toHaveAttribute('height', '480');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('src', '/api/v1/catalog-images/abc');
  });

  it('loads at once, with high priority, above the fold', () => {
    render(<CatalogImage image={cover} eager sizes="50vw" className="hero" />);
    const img = screen.getByRole('img', { name: 'Storefront' });
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).toHaveAttribute('sizes', '50vw');
    expect(img).toHaveClass('lm-catalog-image', 'hero');
  });
});
