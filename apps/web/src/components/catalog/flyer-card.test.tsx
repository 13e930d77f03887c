import { flyerSummarySchema } from '@localmart/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import { FlyerCard, flyerValidityLabel, shortLocalDate } from './flyer-card.tsx';

const flyer = flyerSummarySchema.parse({
  id: '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c05',
  business: {
    id: '3f6c1a52-8d7e-4c1b-9a55-0b8e4d1c2a01',
    slug: 'queen-street-market',
    name: 'Queen Street Market',
    kind: 'retail',
    logo: { url: '/img/logo', width: 96, height: 96, alt: 'Queen Street Market logo' },
    addressLine: '120 Queen St W',
    lat: 43.65,
    lng: -79.38,
    openState: { open: false, status: 'Closed', detail: null, text: 'Closed', changesAt: null },
  },
  title: 'Weekly deals',
  validFrom: '2026-11-19',
  validTo: '2026-11-25',
  timeZone: 'America/Toronto',
  cover: { url: '/img/cover', width: 600, height: 800, alt: 'Weekly deals cover' },
  pageCount: 1,
  itemCount: 12,
});

describe('flyer dates', () => {
  it('reads local calendar days with their weekday, as flyers print them', () => {
    expect(shortLocalDate('2026-11-19')).toBe('Thu Nov 19');
    expect(flyerValidityLabel('2026-11-19', '2026-11-25')).toBe('Valid Thu Nov 19 - Wed Nov 25');
    expect(flyerValidityLabel('2026-12-31', '2027-01-01')).toBe('Valid Thu Dec 31 - Fri Jan 1');
    expect(flyerValidityLabel('2026-11-21', '2026-11-21')).toBe('Valid Sat Nov 21');
  });
});

describe('FlyerCard', () => {
  it('links to the viewer and shows store, dates, pages and deals with sized images', () => {
    renderWithProviders(<FlyerCard flyer={flyer} />);
    const link = screen.getByRole('link', { name: 'Queen Street Market: Weekly deals' });
    expect(link).toHaveAttribute('href', `/flyer-details?id=${flyer.id}`);
    expect(screen.getByText('Valid Thu Nov 19 - Wed Nov 25')).toBeInTheDocument();
    expect(screen.getByText('1 page · 12 deals')).toBeInTheDocument();
    const cover = screen.getByRole('img', { name: 'Weekly deals cover' });
    expect(cover).toHaveAttribute('width', '600');
    expect(cover).toHaveAttribute('height', '800');
  });

  it('says when the flyer ends on the store’s clock: today and tomorrow stand out', () => {
    // Wed Nov 25 2026, 21:00 in Toronto (02:00 UTC on Thursday): the last day of the flyer.
    const { unmount } = renderWithProviders(
      <FlyerCard flyer={flyer} now={new Date('2026-11-26T02:00:00Z')} />,
    );
    expect(screen.getByText('Ends today')).toHaveClass('lm-flyer-ends-soon');
    unmount();
    renderWithProviders(<FlyerCard flyer={flyer} now={new Date('2026-11-24T15:00:00Z')} />);
    expect(screen.getByText('Ends tomorrow')).toHaveClass('lm-flyer-ends-soon');
  });

  it('a later end reads as a date, plainly', () => {
    renderWithProviders(<FlyerCard flyer={flyer} now={new Date('2026-11-20T15:00:00Z')} />);
    const ends = screen.getByText('Ends Wed, Nov 25');
    expect(ends).not.toHaveClass('lm-flyer-ends-soon');
  });
});
