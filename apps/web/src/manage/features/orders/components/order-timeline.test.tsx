import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderInStore } from '../../../test/store-page.tsx';
import { OrderTimeline } from './order-timeline.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

const placed = {
  status: 'placed',
  actor: 'shopper',
  actorName: null,
  at: '2026-11-20T16:05:00.000Z',
  note: null,
} as const;

describe('order timeline', () => {
  it('names the member who acted, the shopper, or the system (issue 15)', () => {
    renderInStore(
      <OrderTimeline
        events={[
          placed,
          { ...placed, status: 'accepted', actor: 'store', actorName: 'Stan Manager' },
          { ...placed, status: 'ready_for_pickup', actor: 'store', actorName: null },
          { ...placed, status: 'no_show', actor: 'system' },
        ]}
      />,
    );
    expect(screen.getByText('by the shopper')).toBeVisible();
    expect(screen.getByText('by Stan Manager')).toBeVisible();
    expect(screen.getByText('by the store')).toBeVisible();
    expect(screen.getByText('automatically')).toBeVisible();
  });

  it("reads times on the store's clock, not the browser's", () => {
    renderInStore(<OrderTimeline events={[placed]} />);
    expect(screen.getByText(/11:05/)).toHaveAttribute('datetime', placed.at);
  });

  it('follows the store to another time zone', () => {
    renderInStore(<OrderTimeline events={[placed]} />, {
      store: { timeZone: 'America/Vancouver' },
    });
    expect(screen.getByText(/8:05/)).toBeVisible();
  });

  it("falls back to the browser's zone for an admin who is not a member", () => {
    renderInStore(<OrderTimeline events={[placed]} />, { store: { timeZone: null } });
    const browser = new Date(placed.at).toLocaleTimeString(undefined, {
      hour: 'numeric',
      minute: '2-digit',
    });
    expect(screen.getByText(new RegExp(browser.replace(/\s/g, '\\s')))).toBeVisible();
  });
});
