import { LIVE_EVENT_NAME, liveEvent, type LiveEvent } from '@localmart/contract';
import { logger, type Logger } from '../logger.ts';
import { serverOrigin } from '../platform.ts';
import { currentToken } from '../storage.ts';

/**
 * The live-events stream of issue 14 (ADR 0011), read with `fetch` rather than `EventSource`: the API
 * authenticates with a bearer token (spec §7), which EventSource cannot send, and putting the token in
 * the URL would write it into every proxy's access log. So this is a small Server-Sent Events reader
 * that does what EventSource does (parses `id:`, `event:`, `data:`, `retry:`; reconnects; sends
 * `Last-Event-ID`) and a little more: it sees the HTTP status (401/403/404 stop it instead of
 * retrying forever), backs off on repeated failures, retries at once when the browser comes back
 * online, and drops any event it has already seen.
 *
 * States: `connecting` (first attempt), `open` (stream flowing), `reconnecting` (lost; waiting or
 * retrying), `closed` (stopped by `close()` or refused by the server: signed out, not a member).
 */
export type LiveState = 'connecting' | 'open' | 'reconnecting' | 'closed';

export interface LiveClientDeps {
  fetch: typeof fetch;
  /** Bearer token, if signed in. */
  token: () => string | null;
  /** '' on the web (same origin); the server origin in the native shells. */
  origin: () => string;
  log: Logger;
  /** Window-like target for the `online` event (absent outside a browser). */
  online?: Pick<Window, 'addEventListener' | 'removeEventListener'> | undefined;
  /** 0..1, for the reconnect jitter (tests fix it). */
  random?: () => number;
}

export interface LiveClientOptions {
  onEvent: (event: LiveEvent) => void;
  onState?: (state: LiveState) => void;
  /** Start after this event id (what the page last saw before a reload), sent as `?after=`. */
  after?: string | null;
}

export interface LiveConnection {
  close(): void;
  /** The last event id received (the catch-up cursor), or the `after` given. */
  lastEventId(): string | null;
}

/** The server's `retry:` is the first wait; each failure in a row doubles it up to this. */
const MAX_RETRY_MS = 30_000;
const DEFAULT_RETRY_MS = 2_000;
/** Statuses that will not change by retrying: signed out, not a member, no such store, bad cursor. */
const FINAL_STATUSES = new Set([400, 401, 403, 404]);
/** Event ids remembered to drop one sent twice (a reconnect overlapping what had arrived). */
const REMEMBERED_IDS = 500;

export const defaultLiveDeps: LiveClientDeps = {
  fetch: (input, init) => globalThis.fetch(input, init),
  token: () => currentToken(),
  origin: serverOrigin,
  log: logger,
  online: typeof window === 'undefined' ? undefined : window,
};

/** One parsed SSE message (the fields this client uses). */
export interface SseMessage {
  id: string | undefined;
  event: string;
  data: string;
  retry: number | undefined;
}

/**
 * Incremental parser of the text/event-stream format (WHATWG HTML §9.2.6): feed it decoded text
 * as it arrives; it calls `onMessage` per complete message. Comments (`:` lines, the keep-alive)
 * are ignored.
 */
export function createSseParser(onMessage: (message: SseMessage) => void) {
  let buffer = '';
  let data: string[] = [];
  let event = '';
  let id: string | undefined;
  let retry: number | undefined;
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0 || retry !== undefined) {
        onMessage({ id, event: event || 'message', data: data.join('\n'), retry });
      }
      data = [];
      event = '';
      id = undefined;
      retry = undefined;
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  };
  return (chunk: string) => {
    buffer += chunk;
    let end: number;
    while ((end = buffer.search(/\r\n|\r|\n/)) !== -1) {
      const text = buffer.slice(0, end);
      const newline = buffer[end] === '\r' && buffer[end + 1] === '\n' ? 2 : 1;
      // A lone \r at the end of a chunk may be the first half of \r\n: wait for the next chunk.
      if (buffer[end] === '\r' && end + 1 === buffer.length) break;
      buffer = buffer.slice(end + newline);
      line(text);
    }
  };
}

/** Whether id `a` is after id `b` (both digit strings; bigints, compared without precision loss). */
export function isAfter(a: string, b: string | null): boolean {
  if (b === null) return true;
  return a.length !== b.length ? a.length > b.length : a > b;
}

function withAfter(url: string, after: string | null): string {
  if (after === null) return url;
  return `${url}${url.includes('?') ? '&' : '?'}after=${encodeURIComponent(after)}`;
}

/**
 * Opens the stream at `path` (livePaths.shopperEvents or livePaths.storeEvents(id)) and keeps it open
 * until `close()`. Each event arrives once, whatever the reconnects in between; in id order unless
 * two changes committed in the other order than their ids.
 */
export function connectLive(
  path: string,
  options: LiveClientOptions,
  deps: LiveClientDeps = defaultLiveDeps,
): LiveConnection {
  let lastId: string | null = options.after ?? null;
  let closed = false;
  let state: LiveState | undefined;
  let retryMs = DEFAULT_RETRY_MS;
  let failures = 0;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const random = deps.random ?? Math.random;
  const seen = new Set<string>();

  const setState = (next: LiveState) => {
    if (next === state) return;
    state = next;
    options.onState?.(next);
  };

  const onOnline = () => {
    if (closed || state !== 'reconnecting' || timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    void attempt();
  };
  deps.online?.addEventListener('online', onOnline);

  const schedule = () => {
    if (closed) return;
    setState('reconnecting');
    // Full jitter on the doubled wait: a server restart does not get every client back at once.
    const wait = Math.min(MAX_RETRY_MS, retryMs * 2 ** Math.min(failures, 5));
    failures += 1;
    timer = setTimeout(
      () => {
        timer = undefined;
        void attempt();
      },
      Math.round(wait / 2 + (random() * wait) / 2),
    );
  };

  const stop = () => {
    closed = true;
    setState('closed');
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    controller?.abort();
    deps.online?.removeEventListener('online', onOnline);
  };

  const deliver = (message: SseMessage) => {
    if (message.retry !== undefined) retryMs = Math.max(250, message.retry);
    if (message.event !== LIVE_EVENT_NAME || message.id === undefined) return;
    // Ids grow, but two changes can commit in the other order than their ids (ADR 0011): an id
    // below the last one is still new unless it was seen; the cursor is the highest id.
    if (seen.has(message.id)) return;
    seen.add(message.id);
    if (seen.size > REMEMBERED_IDS) seen.delete(seen.values().next().value!);
    if (isAfter(message.id, lastId)) lastId = message.id;
    let parsed: ReturnType<typeof liveEvent.safeParse>;
    try {
      parsed = liveEvent.safeParse(JSON.parse(message.data));
    } catch (error) {
      deps.log.error('live: an event that is not JSON', error);
      return;
    }
    if (!parsed.success) {
      // A kind this build does not know yet (a newer server): skip it, keep the cursor.
      deps.log.warn('live: an event this app does not understand', parsed.error);
      return;
    }
    try {
      options.onEvent(parsed.data);
    } catch (error) {
      deps.log.error('live: an event handler failed', error);
    }
  };

  const attempt = async () => {
    if (closed) return;
    if (state === undefined) setState('connecting');
    controller = new AbortController();
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    const token = deps.token();
    if (token) headers.Authorization = `Bearer ${token}`;
    // Both, as EventSource would send the header on its own reconnects; the server takes either.
    if (lastId !== null) headers['Last-Event-ID'] = lastId;
    try {
      const response = await deps.fetch(withAfter(`${deps.origin()}${path}`, lastId), {
        headers,
        cache: 'no-store',
        signal: controller.signal,
      });
      if (FINAL_STATUSES.has(response.status)) {
        deps.log.warn(`live: ${path} answered ${response.status}; not reconnecting`);
        stop();
        return;
      }
      if (!response.ok || !response.body) {
        schedule();
        return;
      }
      setState('open');
      failures = 0;
      const parse = createSseParser(deliver);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done || closed) break;
        parse(decoder.decode(value, { stream: true }));
      }
    } catch (error) {
      if (closed) return;
      deps.log.debug('live: stream lost', error);
    }
    schedule();
  };

  void attempt();
  return { close: stop, lastEventId: () => lastId };
}
