import type { OrderEvent } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { formatTaxRate, statusGroup } from './format.ts';
import { timelineSteps } from './timeline.ts';

const at = (minute: number) => `2026-11-21T10:${String(minute).padStart(2, '0')}:00.000Z`;
const event = (status: OrderEvent['status'], minute: number): OrderEvent => ({
  status,
  actor: 'store',
  actorName: null,
  note: null,
  at: at(minute),
});

describe('timelineSteps', () => {
  it('follows the delivery road for a delivery order', () => {
    const steps = timelineSteps(
      [event('accepted', 5), event('placed', 1)],
      'accepted',
      'same_day_delivery',
    );
    expect(steps.map((s) => [s.status, s.at])).toEqual([
      ['placed', at(1)],
      ['accepted', at(5)],
      ['out_for_delivery', null],
      ['completed', null],
    ]);
  });

  it('shows nothing to come once the order has ended', () => {
    const steps = timelineSteps(
      [event('placed', 1), event('declined', 3)],
      'declined',
      'reserve_pickup',
    );
    expect(steps.map((s) => s.status)).toEqual(['placed', 'declined']);
  });
});

describe('order formats', () => {
  it('writes tax rates from basis points', () => {
    expect(formatTaxRate(1300)).toBe('13%');
    expect(formatTaxRate(1375)).toBe('13.75%');
    expect(formatTaxRate(0)).toBe('0%');
  });

  it('colours statuses by their my-order group', () => {
    expect(statusGroup('ready_for_pickup')).toBe('active');
    expect(statusGroup('refunded')).toBe('completed');
    expect(statusGroup('no_show')).toBe('cancelled');
  });
});
