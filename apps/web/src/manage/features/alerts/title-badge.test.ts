import { describe, expect, it, vi } from 'vitest';
import { alertTitle, badgeLabel, createFaviconBadge } from './title-badge.ts';

describe('the tab title and icon count unanswered orders', () => {
  it('puts the count first in the title, and nothing at zero', () => {
    expect(alertTitle(2, 'Orders')).toBe('(2) Orders · Manage Your Store');
    expect(alertTitle(0, 'Orders')).toBe('Orders · Manage Your Store');
    expect(alertTitle(1, '')).toBe('(1) Manage Your Store');
  });

  it('fits the icon badge: 1-9, then 9+, none at zero', () => {
    expect(badgeLabel(0)).toBe('');
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(9)).toBe('9');
    expect(badgeLabel(10)).toBe('9+');
  });

  it('keeps the original icon where canvas cannot draw, and restores it', () => {
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    document.head.innerHTML = '<link rel="icon" type="image/svg+xml" href="/favicon.svg">';
    const badge = createFaviconBadge(document);
    badge.set(3);
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]')!;
    // jsdom has no canvas: the title still counts, the icon is left as it was.
    expect(link.getAttribute('href')).toBe('/favicon.svg');
    badge.restore();
    expect(link.getAttribute('href')).toBe('/favicon.svg');
    expect(link.type).toBe('image/svg+xml');
  });
});

describe('the favicon badge where canvas draws', () => {
  it('draws the count on the icon and puts the plain icon back at zero', () => {
    const drawn: string[] = [];
    const context = new Proxy(
      {},
      {
        get: (_target, name) =>
          name === 'fillText' ? (text: string) => drawn.push(text) : () => undefined,
        set: () => true,
      },
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(
      context as unknown as CanvasRenderingContext2D,
    );
    vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAA');
    document.head.innerHTML = '<link rel="icon" type="image/svg+xml" href="/favicon.svg">';
    const badge = createFaviconBadge(document);
    badge.set(12);
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]')!;
    expect(link.getAttribute('href')).toBe('data:image/png;base64,AAA');
    expect(drawn).toEqual(['9+']);
    badge.set(0);
    expect(link.getAttribute('href')).toBe('/favicon.svg');
  });
});
