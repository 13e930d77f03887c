import { STOCK_LABELS, stockStatus } from '@localmart/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StockBadge } from './stock-badge.tsx';

describe('StockBadge (issue 4 stock wording)', () => {
  it.each([
    [0, STOCK_LABELS.out_of_stock, 'out_of_stock', 'lm-stock-out-of-stock'],
    [1, STOCK_LABELS.limited, 'limited', 'lm-stock-limited'],
    [2, STOCK_LABELS.low_stock, 'low_stock', 'lm-stock-low-stock'],
    [3, STOCK_LABELS.in_stock, 'in_stock', 'lm-stock-in-stock'],
  ])('says the contract wording at quantity %i', (quantity, label, level, colourClass) => {
    render(<StockBadge stock={stockStatus(quantity)} />);
    const badge = screen.getByText(label);
    expect(badge).toHaveAttribute('data-level', level);
    // The class catalog.css colours (red for out of stock, amber for low, ...).
    expect(badge.classList).toContain(colourClass);
  });

  it('spells the four labels as the issue does', () => {
    const { rerender } = render(<StockBadge stock={stockStatus(0)} />);
    expect(screen.getByText('Out of stock')).toBeInTheDocument();
    rerender(<StockBadge stock={stockStatus(1)} />);
    expect(screen.getByText('Limited availability')).toBeInTheDocument();
    rerender(<StockBadge stock={stockStatus(2)} />);
    expect(screen.getByText('In stock - only 2 left')).toBeInTheDocument();
    rerender(<StockBadge stock={stockStatus(3)} />);
    expect(screen.getByText('In stock')).toBeInTheDocument();
  });
});
