import { describe, expect, it, vi } from 'vitest';
import {
  handleNotificationClick,
  handlePush,
  notificationFor,
  PUSH_FALLBACK_TITLE,
  readPushMessage,
  safeAppLink,
} from './push-handlers.ts';

const ORIGIN = 'https://shop.example.com';
const json = (value: unknown) => ({ json: () => value });

describe('the service worker shows a push', () => {
  it('with title, body, icon, badge and the link, tagged per order so an update replaces it', async () => {
    const showNotification = vi.fn(async () => undefined);
    await handlePush(
      { showNotification },
      json({
        notificationId: 'n-1',
        title: 'Ready for pickup',
        body: 'Your order LM-7K3Q9X is ready at Corner Grocer.',
        link: '/order-details/o-1',
      }),
    );
    expect(showNotification).toHaveBeenCalledWith('Ready for pickup', {
      body: 'Your order LM-7K3Q9X is ready at Corner Grocer.',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: 'order:o-1',
      renotify: true,
      data: { link: '/order-details/o-1', notificationId: 'n-1' },
    });
    const accepted = notificationFor(
      readPushMessage(
        json({
          notificationId: 'n-0',
          title: 'Order accepted',
          body: 'b',
          link: '/order-details/o-1',
        }),
      ),
    );
    expect(accepted.options.tag).toBe('order:o-1');
    const other = notificationFor(
      readPushMessage(json({ notificationId: 'n-9', title: 't', body: 'b', link: '/profile' })),
    );
    expect(other.options.tag).toBe('notification:n-9');
  });

  it('shows a generic notification for an empty or broken payload, and never a foreign link', () => {
    const broken = readPushMessage({
      json: () => {
        throw new SyntaxError('not json');
      },
    });
    expect(broken).toMatchObject({ title: PUSH_FALLBACK_TITLE, link: '/' });
    expect(readPushMessage(null).title).toBe(PUSH_FALLBACK_TITLE);
    for (const link of [
      'https://evil.example',
      '//evil.example/x',
      'javascript:alert(1)',
      '/\\evil',
      42,
    ]) {
      expect(safeAppLink(link)).toBe('/');
    }
    expect(safeAppLink('/order-details/o-1')).toBe('/order-details/o-1');
  });
});

describe('a click on a notification', () => {
  function windowAt(url: string) {
    return {
      url,
      focus: vi.fn(async () => undefined),
      navigate: vi.fn(async () => undefined),
    };
  }

  it('focuses the open app window and takes it to the link', async () => {
    const manage = windowAt(`${ORIGIN}/manage/orders`);
    const app = windowAt(`${ORIGIN}/home`);
    const elsewhere = windowAt('https://elsewhere.example/home');
    const clients = {
      matchAll: vi.fn(async () => [elsewhere, manage, app]),
      openWindow: vi.fn(async () => null),
    };
    const close = vi.fn();
    await handleNotificationClick({ close, data: { link: '/order-details/o-1' } }, clients, ORIGIN);
    expect(close).toHaveBeenCalled();
    expect(app.focus).toHaveBeenCalled();
    expect(app.navigate).toHaveBeenCalledWith(`${ORIGIN}/order-details/o-1`);
    expect(manage.focus).not.toHaveBeenCalled();
    expect(elsewhere.focus).not.toHaveBeenCalled();
    expect(clients.openWindow).not.toHaveBeenCalled();
  });

  it('opens a window at the link when none of the app is open', async () => {
    const clients = {
      matchAll: vi.fn(async () => [windowAt('https://elsewhere.example/')]),
      openWindow: vi.fn(async () => null),
    };
    await handleNotificationClick(
      { close: vi.fn(), data: { link: '/order-details/o-2' } },
      clients,
      ORIGIN,
    );
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/order-details/o-2`);
  });

  it('opens the page when the window cannot be navigated, and the start page for a bad link', async () => {
    const app = windowAt(`${ORIGIN}/home`);
    app.navigate.mockRejectedValue(new TypeError('not controlled'));
    const clients = { matchAll: vi.fn(async () => [app]), openWindow: vi.fn(async () => null) };
    await handleNotificationClick(
      { close: vi.fn(), data: { link: '/order-details/o-3' } },
      clients,
      ORIGIN,
    );
    expect(clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}/order-details/o-3`);

    const none = { matchAll: vi.fn(async () => []), openWindow: vi.fn(async () => null) };
    await handleNotificationClick({ close: vi.fn(), data: { link: '//evil' } }, none, ORIGIN);
    expect(none.openWindow).toHaveBeenCalledWith(`${ORIGIN}/`);
  });
});
