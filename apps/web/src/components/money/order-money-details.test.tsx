import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cad, heldMoney, orderMoney } from '../../test/commerce-fixtures.ts';
import {
  MONEY_HISTORY_LABEL,
  MONEY_PENDING_LABEL,
  OrderMoneyDetails,
} from './order-money-details.tsx';

/** A clock the test can read: the ISO instant's hours and minutes, in UTC. */
const clock = (iso: string) => `at ${iso.slice(11, 16)} UTC`;

function amountsOf() {
  const list = screen.queryAllByRole('definition')[0]?.closest('dl');
  if (!list) return [];
  return [...list.querySelectorAll('div')].map((row) => row.textContent);
}

function historyOf() {
  const history = screen.queryByRole('list', { name: MONEY_HISTORY_LABEL });
  if (!history) return [];
  return within(history)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('an order’s money', () => {
  it('held: the label, what the card holds and when it was held', () => {
    render(<OrderMoneyDetails money={heldMoney()} formatDateTime={clock} />);
    expect(screen.getByText('Card held · $11.30')).toHaveClass('lm-money-label');
    expect(amountsOf()).toEqual(['Held$11.30']);
    expect(historyOf()).toEqual(['$11.30 held on your cardat 10:01 UTC']);
    expect(screen.getByText('at 10:01 UTC')).toHaveAttribute(
      'datetime',
      '2026-11-21T10:01:00.000Z',
    );
    expect(screen.queryByRole('list', { name: MONEY_PENDING_LABEL })).toBeNull();
  });

  it('paid: charged, nothing left held, the timeline oldest first', () => {
    const money = orderMoney(
      { authorised: 1130, captured: 1130 },
      {
        events: [
          { kind: 'captured', amount: cad(1130), at: '2026-11-21T15:30:00.000Z' },
          { kind: 'held', amount: cad(1130), at: '2026-11-21T10:01:00.000Z' },
        ],
      },
    );
    render(<OrderMoneyDetails money={money} formatDateTime={clock} />);
    expect(screen.getByText('Paid · $11.30')).toBeInTheDocument();
    expect(amountsOf()).toEqual(['Charged$11.30']);
    expect(historyOf()).toEqual([
      '$11.30 held on your cardat 10:01 UTC',
      '$11.30 chargedat 15:30 UTC',
    ]);
  });

  it('released: the hold let go, nothing charged', () => {
    const money = orderMoney(
      { authorised: 1130, released: 1130 },
      {
        events: [
          { kind: 'held', amount: cad(1130), at: '2026-11-21T10:01:00.000Z' },
          { kind: 'released', amount: cad(1130), at: '2026-11-21T11:00:00.000Z' },
        ],
      },
    );
    render(<OrderMoneyDetails money={money} formatDateTime={clock} />);
    expect(screen.getByText('Hold released · $11.30 not charged')).toBeInTheDocument();
    expect(amountsOf()).toEqual(['Released$11.30']);
    expect(historyOf()).toEqual([
      '$11.30 held on your cardat 10:01 UTC',
      '$11.30 released: not chargedat 11:00 UTC',
    ]);
  });

  it('refunded in part, with the rest of the refund on its way', () => {
    const money = orderMoney(
      { authorised: 1130, captured: 1130, refunded: 288 },
      {
        pending: [{ kind: 'refund', amount: cad(842) }],
        events: [
          { kind: 'held', amount: cad(1130), at: '2026-11-21T10:01:00.000Z' },
          { kind: 'captured', amount: cad(1130), at: '2026-11-21T10:02:00.000Z' },
          { kind: 'refunded', amount: cad(288), at: '2026-11-22T09:00:00.000Z' },
        ],
      },
    );
    render(<OrderMoneyDetails money={money} formatDateTime={clock} />);
    expect(screen.getByText('Paid · $11.30, $2.88 refunded')).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: MONEY_PENDING_LABEL })).getByText(
        'Refund of $8.42 on its way',
      ),
    ).toBeInTheDocument();
    expect(amountsOf()).toEqual(['Charged$11.30', 'Refunded$2.88']);
    expect(historyOf()).toHaveLength(3);
    expect(historyOf()[2]).toBe('$2.88 refunded to your cardat 09:00 UTC');
  });

  it('refunded in full', () => {
    const money = orderMoney({ authorised: 1130, captured: 1130, refunded: 1130 });
    render(<OrderMoneyDetails money={money} formatDateTime={clock} />);
    expect(screen.getByText('Refunded · $11.30')).toBeInTheDocument();
    expect(amountsOf()).toEqual(['Charged$11.30', 'Refunded$11.30']);
  });

  it('unpaid: only the label, no amounts and no timeline', () => {
    render(<OrderMoneyDetails money={orderMoney()} formatDateTime={clock} />);
    expect(screen.getByText('Not paid yet · $11.30')).toBeInTheDocument();
    expect(amountsOf()).toEqual([]);
    expect(historyOf()).toEqual([]);
  });
});
