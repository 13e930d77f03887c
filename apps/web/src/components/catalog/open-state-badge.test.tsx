import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OpenStateBadge } from './open-state-badge.tsx';

describe('OpenStateBadge', () => {
  it('colours the status and prints the detail beside it', () => {
    const { container } = render(
      <OpenStateBadge
        state={{
          open: false,
          status: 'Closed',
          detail: 'opens Mon 09:00',
          text: 'Closed · opens Mon 09:00',
          changesAt: '2026-11-23T14:00:00.000Z',
        }}
      />,
    );
    expect(screen.getByText('Closed')).toHaveClass('lm-open-state-closed');
    expect(screen.getByText('opens Mon 09:00')).toBeInTheDocument();
    // Sighted readers see a middle dot; screen readers hear a comma instead.
    expect(container.querySelector('[aria-hidden="true"]')).toHaveTextContent('·');
    expect(container.querySelector('.lm-visually-hidden')).toHaveTextContent(',');
  });

  it('shows an all-day store without a detail', () => {
    const { container } = render(
      <OpenStateBadge
        state={{
          open: true,
          status: 'Open 24 hours',
          detail: null,
          text: 'Open 24 hours',
          changesAt: null,
        }}
      />,
    );
    expect(screen.getByText('Open 24 hours')).toHaveClass('lm-open-state-open');
    expect(container.textContent).toBe('Open 24 hours');
  });
});
