import { LIVE_EVENT_NAME, type LiveEvent } from '@localmart/contract';

/**
 * A test (and bench) client of the live streams: fetch with the bearer, a minimal SSE reader, and a
 * queue of received events to await. Keep-alive comments and `retry:` are counted, not queued.
 */
export interface TestStream {
  readonly status: number;
  /** Every event received so far, in order. */
  readonly events: LiveEvent[];
  /** Resolves with the next event not yet taken by `next`, or rejects after `timeoutMs`. */
  next(timeoutMs?: number): Promise<LiveEvent>;
  /** Resolves once `count` events were received in all. */
  received(count: number, timeoutMs?: number): Promise<LiveEvent[]>;
  /** Whether the server ended the stream. */
  readonly ended: Promise<void>;
  comments: number;
  close(): void;
}

export interface OpenStreamOptions {
  token?: string;
  lastEventId?: string;
  after?: string;
  /** Called with each event as it arrives (the bench stamps the time). */
  onEvent?: (event: LiveEvent) => void;
}

export async function openStream(
  baseUrl: string,
  path: string,
  options: OpenStreamOptions = {},
): Promise<TestStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = { accept: 'text/event-stream' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.lastEventId) headers['last-event-id'] = options.lastEventId;
  const url = `${baseUrl}${path}${options.after === undefined ? '' : `?after=${encodeURIComponent(options.after)}`}`;
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: LiveEvent[] = [];
  let taken = 0;
  const waiters = new Set<() => void>();
  const wake = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const stream: TestStream = {
    status: response.status,
    events,
    comments: 0,
    ended: Promise.resolve(),
    async next(timeoutMs = 5_000) {
      const [event] = await stream.received(taken + 1, timeoutMs).then((all) => all.slice(taken));
      taken += 1;
      return event!;
    },
    received(count, timeoutMs = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (events.length < count) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(events.slice());
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} events, got ${events.length}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
  if (!response.ok || !response.body) {
    await response.text().catch(() => undefined);
    return stream;
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  (stream as { ended: Promise<void> }).ended = (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (block.startsWith(':')) {
            stream.comments += 1;
            continue;
          }
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            const colon = line.indexOf(':');
            fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
          }
          if (fields.get('event') !== LIVE_EVENT_NAME) continue;
          const event = JSON.parse(fields.get('data') ?? 'null') as LiveEvent;
          options.onEvent?.(event);
          events.push(event);
          wake();
        }
      }
    } catch {
      // Aborted by close(), or the connection dropped.
    }
  })();
  return stream;
}
