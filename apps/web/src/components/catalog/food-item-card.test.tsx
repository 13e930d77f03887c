import type { MenuItem } from '@localmart/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { FoodItemCard, menuDetailsPath, SOLD_OUT_LABEL } from './food-item-card.tsx';

const item: MenuItem = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Pad Thai',
  description: 'Rice noodles, tamarind, peanuts.',
  price: { amount: 1495, currency: 'CAD' },
  image: { url: '/img/pad-thai.svg', width: 400, height: 400, alt: 'Pad Thai' },
  dietaryTags: ['gluten_free', 'spicy'],
  optionGroups: [],
  available: true,
};

describe('FoodItemCard', () => {
  it('links to the dish on its menu, describing restaurant, distance, price and tags', () => {
    renderWithProviders(
      <FoodItemCard
        item={item}
        business={{ name: 'Bangkok Garden' }}
        distanceKm={0.85}
        to={menuDetailsPath('b 1', 'm/2', item.id)}
      />,
    );
    const link = screen.getByRole('link', { name: 'Pad Thai' });
    expect(link).toHaveAttribute('href', `/menu-details/b%201/m%2F2?item=${item.id}`);
    expect(link).toHaveAccessibleDescription(
      'Bangkok Garden, 850 m away. Rice noodles, tamarind, peanuts. $14.95. Gluten-free, Spicy.',
    );
    const photo = screen.getByRole('img', { name: 'Pad Thai' });
    expect(photo).toHaveAttribute('width', '400');
    expect(photo).toHaveAttribute('height', '400');
    expect(screen.getByText('Gluten-free')).toHaveClass('lm-dietary-tag');
  });

  it('as a button it calls onSelect, and a sold-out dish says so', async () => {
    const onSelect = vi.fn();
    renderWithProviders(<FoodItemCard item={{ ...item, available: false }} onSelect={onSelect} />);
    const button = screen.getByRole('button', { name: 'Pad Thai' });
    expect(button).toHaveTextContent(SOLD_OUT_LABEL);
    await userEvent.click(button);
    expect(onSelect).toHaveBeenCalledOnce();
  });
});
