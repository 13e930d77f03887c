import type { StockStatus } from '@localmart/contract';
import './catalog.css';

export interface StockBadgeProps {
  /** From the answer (the contract's stockStatus); never recomputed here. */
  stock: StockStatus;
  className?: string;
}

/** 'In stock' / 'In stock - only 2 left' / 'Limited availability' / 'Out of stock', coloured by level. */
export function StockBadge({ stock, className }: StockBadgeProps) {
  return (
    <span
      className={['lm-stock-badge', `lm-stock-${stock.level.replaceAll('_', '-')}`, className]
        .filter(Boolean)
        .join(' ')}
      data-level={stock.level}
    >
      {stock.label}
    </span>
  );
}
