import { LIVE_EVENT_NAME, type LiveEvent } from '@localmart/contract';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createLogger } from '../logger.ts';
import {
  connectLive,
  createSseParser,
  isAfter,
  type LiveClientDeps,
  type LiveState,
  type SseMessage,
} from './live-client.ts';
import { useLiveEvents } from './use-live-events.ts';

const PATH = '/api/v1/events';

function frame(id: string, orderId = `o${id}`): string {
  const event: LiveEvent = {
    id,
    at: '2025-01-01T10:00:00.000Z',
    data: {
      kind: 'order.status',
      orderId,
      number: `LM-${id}`,
      status: 'accepted',
      storeName: 'Corner Grocery',
    },
  };
  return `id: ${id}\nevent: ${LIVE_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** A streamed answer whose body is `chunks`, then ends (the connection drops). */
function streamed(chunks: string[], status = 200): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      controller.close();
    },
  });
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
}

/** A streamed answer that stays open until aborted. */
function heldOpen(chunks: string[], signal: AbortSignal | null | undefined): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      signal?.addEventListener('abort', () => controller.error(new Error('aborted')));
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
}

function deps(fetch: LiveClientDeps['fetch']): LiveClientDeps {
  return {
    fetch,
    token: () => 'tok',
    origin: () => '',
    log: createLogger(true),
    random: () => 0,
  };
}

describe('SSE parser', () => {
  it('reads messages split anywhere, CRLF or LF, and skips keep-alive comments', () => {
    const seen: SseMessage[] = [];
    const parse = createSseParser((message) => seen.push(message));
    const text = `retry: 3000\n\n: keep-alive\n\nid: 7\r\nevent: live\r\ndata: {"a":\r\ndata: 1}\r\n\r\n`;
    for (const char of text) parse(char);
    expect(seen).toEqual([
      { id: undefined, event: 'message', data: '', retry: 3000 },
      { id: '7', event: 'live', data: '{"a":\n1}', retry: undefined },
    ]);
  });

  it('compares ids as big integers', () => {
    expect(isAfter('10', '9')).toBe(true);
    expect(isAfter('9', '10')).toBe(false);
    expect(isAfter('9007199254740993', '9007199254740992')).toBe(true);
    expect(isAfter('5', '5')).toBe(false);
    expect(isAfter('1', null)).toBe(true);
  });
});

describe('connectLive', () => {
  it('sends the bearer, reconnects with Last-Event-ID and ?after=, and delivers each event once', async () => {
    const requests: { url: string; headers: Record<string, string> }[] = [];
    const answers = [
      () => streamed([`retry: 10\n\n`, frame('1'), frame('2').slice(0, 20), frame('2').slice(20)]),
      // The server resends 2 (it was in flight) and then 3: 2 is dropped.
      () => streamed([frame('2'), frame('3')]),
    ];
    let held: AbortSignal | null | undefined;
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push({
        url: String(input),
        headers: (init?.headers ?? {}) as Record<string, string>,
      });
      const next = answers.shift();
      held = init?.signal;
      return next ? next() : heldOpen([], init?.signal);
    });
    const events: string[] = [];
    const states: LiveState[] = [];
    const connection = connectLive(
      PATH,
      { onEvent: (event) => events.push(event.id), onState: (state) => states.push(state) },
      deps(fetch),
    );
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(3));
    await vi.waitFor(() => expect(events).toEqual(['1', '2', '3']));
    expect(requests[0]).toEqual({
      url: PATH,
      headers: { Accept: 'text/event-stream', Authorization: 'Bearer tok' },
    });
    expect(requests[1]!.url).toBe(`${PATH}?after=2`);
    expect(requests[1]!.headers['Last-Event-ID']).toBe('2');
    expect(requests[2]!.url).toBe(`${PATH}?after=3`);
    expect(connection.lastEventId()).toBe('3');
    connection.close();
    expect(held?.aborted).toBe(true);
    expect(states).toEqual([
      'connecting',
      'open',
      'reconnecting',
      'open',
      'reconnecting',
      'open',
      'closed',
    ]);
  });

  it('starts after the id it is given, and stops for good when the server refuses (403)', async () => {
    const fetch = vi.fn(async () =>
      Response.json({ status: 0, message: 'You are not a member of this store.' }, { status: 403 }),
    );
    const states: LiveState[] = [];
    connectLive(
      PATH,
      { after: '41', onEvent: () => undefined, onState: (state) => states.push(state) },
      deps(fetch),
    );
    await vi.waitFor(() => expect(states).toEqual(['connecting', 'closed']));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]).toEqual([
      `${PATH}?after=41`,
      expect.objectContaining({
        headers: expect.objectContaining({ 'Last-Event-ID': '41' }) as unknown,
      }),
    ]);
  });

  it('skips an event it cannot read and keeps going', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      heldOpen(
        [`id: 1\nevent: live\ndata: {"id":"1","data":{"kind":"future.kind"}}\n\n`, frame('2')],
        init?.signal,
      ),
    );
    const events: string[] = [];
    const connection = connectLive(
      PATH,
      { onEvent: (event) => events.push(event.id) },
      deps(fetch),
    );
    await vi.waitFor(() => expect(events).toEqual(['2']));
    connection.close();
  });

  it('delivers an unseen lower id (committed after a higher one) and keeps the highest as cursor', async () => {
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
      heldOpen([frame('11'), frame('10'), frame('11')], init?.signal),
    );
    const events: string[] = [];
    const connection = connectLive(
      PATH,
      { onEvent: (event) => events.push(event.id) },
      deps(fetch),
    );
    await vi.waitFor(() => expect(events).toEqual(['11', '10']));
    expect(connection.lastEventId()).toBe('11');
    connection.close();
  });
});

describe('useLiveEvents', () => {
  it('exposes the state and the last id, calls the latest handler, and closes on unmount', async () => {
    let signal: AbortSignal | null | undefined;
    const fetch = vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
      signal = init?.signal;
      return heldOpen([frame('5')], init?.signal);
    });
    const testDeps = deps(fetch);
    const first = vi.fn();
    const second = vi.fn();
    const { result, rerender, unmount } = renderHook(
      ({ handler }) => useLiveEvents(PATH, handler, { deps: testDeps }),
      { initialProps: { handler: first } },
    );
    expect(result.current.state).toBe('connecting');
    rerender({ handler: second });
    await waitFor(() => expect(result.current).toEqual({ state: 'open', lastEventId: '5' }));
    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledWith(expect.objectContaining({ id: '5' }));
    expect(fetch).toHaveBeenCalledTimes(1);
    act(() => unmount());
    expect(signal?.aborted).toBe(true);
  });

  it('stays closed without a path', () => {
    const fetch = vi.fn();
    const { result } = renderHook(() =>
      useLiveEvents(null, () => undefined, { deps: deps(fetch) }),
    );
    expect(result.current.state).toBe('closed');
    expect(fetch).not.toHaveBeenCalled();
  });
});
