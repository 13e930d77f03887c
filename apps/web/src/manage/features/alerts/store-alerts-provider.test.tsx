import { type LiveEvent, type LiveEventData, managePaths } from '@localmart/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/api-mock.ts';
import { sitePaths } from '../../lib/site-paths.ts';
import { counts } from '../../test/order-fixtures.ts';
import { businessId, renderInStore } from '../../test/store-page.tsx';
import { type AudioContextLike, createAlertSound } from './alert-sound.ts';
import { StoreAlertsBar } from './store-alerts-bar.tsx';
import { StoreAlertsProvider } from './store-alerts-provider.tsx';

vi.hoisted(() => {
  window.customElements.define = () => undefined;
});

/** The live stream, driven by the test: `emit` delivers an event as the hook would. */
const live = vi.hoisted(() => ({
  onEvent: null as ((event: unknown) => void) | null,
  path: null as string | null,
  state: 'open',
}));
vi.mock('../../../lib/live/use-live-events.ts', () => ({
  useLiveEvents: (path: string | null, onEvent: (event: unknown) => void) => {
    live.path = path;
    live.onEvent = onEvent;
    return { state: live.state, lastEventId: null };
  },
}));

let nextId = 1;
function emit(data: LiveEventData) {
  const event: LiveEvent = { id: String(nextId++), at: new Date().toISOString(), data };
  act(() => live.onEvent!(event));
}

const placed = (orderId: string, number: string): LiveEventData => ({
  kind: 'order.placed',
  businessId,
  orderId,
  number,
  status: 'placed',
  itemCount: 2,
  totalAmount: 2473,
  currency: 'CAD',
  responseDueAt: null,
});
const ORDER_A = '0d000000-0000-4000-8000-00000000000a';
const ORDER_B = '0d000000-0000-4000-8000-00000000000b';

/** A sound whose context runs and whose 4-second timer the test ticks by hand. */
function testSound() {
  const chimes: number[] = [];
  let tick: (() => void) | null = null;
  const context: AudioContextLike = {
    state: 'running',
    sampleRate: 8000,
    currentTime: 0,
    destination: {},
    resume: async () => undefined,
    createBuffer: (_c, length) => ({ getChannelData: () => new Float32Array(length) }),
    createBufferSource: () => ({
      buffer: null,
      connect: () => undefined,
      start: () => chimes.push(1),
    }),
  };
  const sound = createAlertSound({
    createContext: () => context,
    setInterval: (handler) => {
      tick = handler;
      return 1;
    },
    clearInterval: () => {
      tick = null;
    },
  });
  return { sound, chimes, tick: () => tick?.(), ringing: () => tick !== null };
}

/** window.Notification, granted, recording what was shown. */
function stubNotifications() {
  const shown: { title: string; options: NotificationOptions; instance: { onclick: unknown } }[] =
    [];
  class FakeNotification {
    static permission = 'granted';
    static requestPermission = vi.fn(async () => 'granted');
    onclick: (() => void) | null = null;
    constructor(title: string, options: NotificationOptions) {
      shown.push({ title, options, instance: this });
    }
    close() {}
  }
  vi.stubGlobal('Notification', FakeNotification);
  return shown;
}

describe('the store site hears every order in time', { timeout: 20_000 }, () => {
  beforeEach(() => {
    live.state = 'open';
    // jsdom cannot draw: the favicon badge stays plain (title-badge.test.ts draws it).
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
  });

  it('rings for a new order until Acknowledge, notifies the desktop, refreshes and counts it in the title', async () => {
    let waiting = 0;
    const api = mockApi({
      [`GET ${managePaths.orders(businessId)}`]: () => ({
        body: {
          status: 1,
          results: [],
          result: { nextCursor: null, counts: counts({ new: waiting, all: waiting }) },
        },
      }),
    });
    const shown = stubNotifications();
    const audio = testSound();
    await audio.sound.unlock();
    renderInStore(
      <StoreAlertsProvider businessId={businessId} member page="Orders" sound={audio.sound}>
        <StoreAlertsBar />
      </StoreAlertsProvider>,
    );
    await waitFor(() => expect(document.title).toBe('Orders · Manage Your Store'));
    expect(live.path).toBe(`/api/v1/manage/businesses/${businessId}/events`);

    waiting = 1;
    emit(placed(ORDER_A, 'LM-7K3Q9X'));
    expect(await screen.findByText('New order LM-7K3Q9X')).toBeInTheDocument();
    expect(screen.getByText('2 items · $24.73')).toBeInTheDocument();
    // The list was read again at once (the inbox's queries share the store's key).
    await waitFor(() => expect(document.title).toBe('(1) Orders · Manage Your Store'));
    expect(api.calls.length).toBeGreaterThanOrEqual(2);

    expect(shown).toHaveLength(1);
    expect(shown[0]!.title).toBe('New order LM-7K3Q9X');
    expect(shown[0]!.options).toMatchObject({ body: '2 items · $24.73', tag: `order:${ORDER_A}` });

    // The chime repeats every tick until acknowledged.
    expect(audio.chimes).toHaveLength(1);
    audio.tick();
    audio.tick();
    expect(audio.chimes).toHaveLength(3);

    // The same event caught up again after a reconnect is not a second alert.
    emit(placed(ORDER_A, 'LM-7K3Q9X'));
    expect(shown).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /Acknowledge/ })).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge: New order LM-7K3Q9X' }));
    expect(screen.queryByText('New order LM-7K3Q9X')).not.toBeInTheDocument();
    expect(audio.ringing()).toBe(false);
    audio.tick();
    expect(audio.chimes).toHaveLength(3);
  });

  it('stops ringing when the order is answered elsewhere; quieter alerts chime once; clicking a notification opens its page', async () => {
    mockApi({
      [`GET ${managePaths.orders(businessId)}`]: () => ({
        body: { status: 1, results: [], result: { nextCursor: null, counts: counts() } },
      }),
    });
    const shown = stubNotifications();
    const audio = testSound();
    await audio.sound.unlock();
    renderInStore(
      <StoreAlertsProvider businessId={businessId} member page="Orders" sound={audio.sound}>
        <StoreAlertsBar />
      </StoreAlertsProvider>,
    );
    emit(placed(ORDER_B, 'LM-22222B'));
    await screen.findByText('New order LM-22222B');
    expect(audio.ringing()).toBe(true);
    emit({
      kind: 'order.updated',
      businessId,
      orderId: ORDER_B,
      number: 'LM-22222B',
      status: 'accepted',
    });
    await waitFor(() => expect(screen.queryByText('New order LM-22222B')).not.toBeInTheDocument());
    expect(audio.ringing()).toBe(false);

    const before = audio.chimes.length;
    emit({ kind: 'price_match.requested', businessId, requestId: 'r1' });
    expect(await screen.findByText('New price-match request')).toBeInTheDocument();
    expect(audio.chimes.length).toBe(before + 1);
    expect(audio.ringing()).toBe(false);

    const notice = shown.find((entry) => entry.title === 'New price-match request')!;
    const focus = vi.spyOn(window, 'focus').mockImplementation(() => undefined);
    act(() => (notice.instance.onclick as () => void)());
    expect(focus).toHaveBeenCalled();
    expect(screen.getByTestId('location')).toHaveTextContent(
      sitePaths.store(businessId, 'price-matches'),
    );
  });

  it('shows the newest two banners and "N more" with Acknowledge all; opening one acknowledges it', async () => {
    mockApi({
      [`GET ${managePaths.orders(businessId)}`]: () => ({
        body: { status: 1, results: [], result: { nextCursor: null, counts: counts() } },
      }),
    });
    stubNotifications();
    const audio = testSound();
    await audio.sound.unlock();
    renderInStore(
      <StoreAlertsProvider businessId={businessId} member page="Orders" sound={audio.sound}>
        <StoreAlertsBar />
      </StoreAlertsProvider>,
    );
    emit(placed(ORDER_A, 'LM-AAAAAA'));
    emit(placed(ORDER_B, 'LM-BBBBBB'));
    emit(placed('0d000000-0000-4000-8000-00000000000c', 'LM-CCCCCC'));
    expect(await screen.findByText('New order LM-CCCCCC')).toBeInTheDocument();
    expect(screen.getByText('New order LM-BBBBBB')).toBeInTheDocument();
    expect(screen.queryByText('New order LM-AAAAAA')).not.toBeInTheDocument();
    expect(screen.getByText('1 more alert')).toBeInTheDocument();

    await userEvent.click(screen.getAllByRole('link', { name: 'Open' })[0]!);
    expect(screen.getByTestId('location')).toHaveTextContent(
      sitePaths.order(businessId, '0d000000-0000-4000-8000-00000000000c'),
    );
    expect(screen.queryByText('New order LM-CCCCCC')).not.toBeInTheDocument();
    expect(screen.getByText('New order LM-AAAAAA')).toBeInTheDocument();
    expect(audio.ringing()).toBe(true);

    emit({ kind: 'message.received', businessId, messageId: 'm1' });
    await userEvent.click(await screen.findByRole('button', { name: 'Acknowledge all' }));
    expect(screen.queryByRole('list', { name: 'New alerts' })).not.toBeInTheDocument();
    expect(audio.ringing()).toBe(false);
  });

  it('without sound or permission: says sound is blocked while a new order waits, and asks for notifications only from the button', async () => {
    mockApi({
      [`GET ${managePaths.orders(businessId)}`]: () => ({
        body: { status: 1, results: [], result: { nextCursor: null, counts: counts() } },
      }),
    });
    const ask = vi.fn(async () => 'granted');
    class DefaultNotification {
      static permission = 'default';
      static requestPermission = ask;
    }
    vi.stubGlobal('Notification', DefaultNotification);
    const audio = testSound();
    live.state = 'reconnecting';
    renderInStore(
      <StoreAlertsProvider businessId={businessId} member page="Orders" sound={audio.sound}>
        <StoreAlertsBar />
      </StoreAlertsProvider>,
    );
    expect(screen.getByText('Reconnecting…')).toBeInTheDocument();
    expect(ask).not.toHaveBeenCalled();
    emit(placed(ORDER_A, 'LM-7K3Q9X'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sound is blocked by the browser: new orders cannot ring until you turn it on.',
    );
    expect(audio.chimes).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Turn on sound' }));
    expect(ask).toHaveBeenCalledTimes(1);
    // The ring that waited is heard from the click on.
    await waitFor(() => expect(audio.chimes.length).toBeGreaterThan(0));
    expect(screen.queryByRole('button', { name: 'Turn on sound' })).not.toBeInTheDocument();
  });
});
