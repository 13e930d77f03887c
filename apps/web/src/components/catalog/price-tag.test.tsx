import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { devicePreferences } from '../../lib/location/device-preferences.ts';
import { PriceTag } from './price-tag.tsx';

afterEach(async () => {
  await devicePreferences.remove('lm_country');
});

describe('PriceTag', () => {
  it('shows one price when there is no sale', () => {
    const { container } = render(<PriceTag price={{ amount: 1299, currency: 'CAD' }} />);
    expect(screen.getByText('$12.99')).toBeInTheDocument();
    expect(container.querySelector('s')).toBeNull();
    expect(container.firstElementChild).not.toHaveClass('lm-price-tag-sale');
  });

  it('on sale, shows the sale price and strikes the regular price', () => {
    const { container } = render(
      <PriceTag
        price={{ amount: 349, currency: 'CAD' }}
        regular={{ amount: 499, currency: 'CAD' }}
      />,
    );
    expect(screen.getByText('$3.49')).toHaveClass('lm-price-now');
    const struck = container.querySelector('s');
    expect(struck).toHaveTextContent('$4.99');
    expect(container.firstElementChild).toHaveClass('lm-price-tag-sale');
    // Screen readers hear which price is which, not two bare numbers.
    expect(container.firstElementChild).toHaveTextContent('$3.49, regular price $4.99');
  });

  it('does not strike a "regular" price that is not above the price', () => {
    const { container } = render(
      <PriceTag
        price={{ amount: 499, currency: 'CAD' }}
        regular={{ amount: 499, currency: 'CAD' }}
      />,
    );
    expect(container.querySelector('s')).toBeNull();
  });

  it("formats in the shopper's country's locale", async () => {
    render(<PriceTag price={{ amount: 1299, currency: 'CAD' }} />);
    await act(() => devicePreferences.set('lm_country', 'US'));
    // en-US names the Canadian dollar apart from its own.
    expect(screen.getByText('CA$12.99')).toBeInTheDocument();
  });
});
