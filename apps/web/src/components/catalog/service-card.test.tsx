import type { Service } from '@localmart/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { ServiceCard, serviceDetailsPath } from './service-card.tsx';

const service: Service = {
  id: '00000000-0000-4000-8000-000000000002',
  business: {
    id: '00000000-0000-4000-8000-000000000001',
    slug: 'glow-studio',
    name: 'Glow Studio',
    kind: 'service',
    logo: { url: '/img/logo.svg', width: 256, height: 256, alt: 'Glow Studio logo' },
    addressLine: '5 Bloor St',
    lat: 43.67,
    lng: -79.39,
    openState: { open: true, status: 'Open now', detail: null, text: 'Open now', changesAt: null },
  },
  name: 'Gel manicure',
  description: 'Shape, cuticle care and gel colour.',
  price: { amount: 4500, currency: 'CAD' },
  priceType: 'fixed',
  durationMinutes: 45,
  images: [{ url: '/img/mani.svg', width: 800, height: 600, alt: 'Gel manicure' }],
  category: { id: '00000000-0000-4000-8000-000000000003', slug: 'beauty', name: 'Beauty' },
  distanceKm: null,
};

describe('ServiceCard', () => {
  it('links to service-details with price, duration and provider', () => {
    renderWithProviders(<ServiceCard service={service} />);
    const link = screen.getByRole('link', { name: 'Gel manicure' });
    expect(link).toHaveAttribute('href', serviceDetailsPath(service.business.id, service.id));
    expect(link).toHaveAccessibleDescription('Beauty. Glow Studio. $45.00, 45 min');
    expect(screen.getByRole('img', { name: 'Gel manicure' })).toHaveAttribute('height', '600');
  });

  it('says "From" for a starting price and leaves out the provider when asked', () => {
    renderWithProviders(
      <ServiceCard
        service={{ ...service, priceType: 'from', durationMinutes: 150 }}
        showProvider={false}
      />,
    );
    expect(screen.getByRole('link', { name: 'Gel manicure' })).toHaveAccessibleDescription(
      'Beauty. From $45.00, 2 h 30 min',
    );
    expect(screen.queryByText('Glow Studio')).toBeNull();
  });
});
