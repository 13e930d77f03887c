import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { business } from '../test/fixtures.ts';
import { StoreHours } from './store-hours.tsx';

const hours = {
  ...business().hours,
  holidays: [
    { date: '2026-11-11', name: 'Remembrance Day' },
    { date: '2026-12-25', name: 'Christmas Day' },
    { date: '2026-12-26', name: 'Boxing Day' },
  ],
};

describe('StoreHours', () => {
  it('highlights today’s row on the store clock: bold class, a Today mark and aria-current', () => {
    // Thu Nov 26 2026, 22:30 in Toronto (03:30 UTC on Friday).
    render(<StoreHours hours={hours} now={new Date('2026-11-27T03:30:00Z')} />);
    const table = screen.getByRole('table', { name: 'Opening hours' });
    const today = within(table).getByRole('row', { name: 'Thursday Today 09:00-21:00' });
    expect(today).toHaveAttribute('aria-current', 'date');
    expect(today).toHaveClass('lm-hours-today');
    expect(
      within(table).getByRole('row', { name: 'Friday 09:00-12:00, 17:00-22:00' }),
    ).not.toHaveAttribute('aria-current');
    expect(table.querySelectorAll('[aria-current="date"]')).toHaveLength(1);
    expect(within(table).getAllByText('Today')).toHaveLength(1);
  });

  it('lists only upcoming holiday closures, with their names and readable dates', () => {
    render(<StoreHours hours={hours} now={new Date('2026-11-26T15:00:00Z')} />);
    const closures = screen.getByRole('region', { name: 'Holiday closures' });
    expect(
      within(closures)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fri, Dec 25 · Christmas Day · Closed', 'Sat, Dec 26 · Boxing Day · Closed']);
    expect(screen.queryByText(/2026-12-25/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Remembrance Day/)).not.toBeInTheDocument();
  });

  it('shows no closures section once every holiday is past', () => {
    render(<StoreHours hours={hours} now={new Date('2027-01-05T15:00:00Z')} />);
    expect(screen.queryByRole('region', { name: 'Holiday closures' })).not.toBeInTheDocument();
  });
});
