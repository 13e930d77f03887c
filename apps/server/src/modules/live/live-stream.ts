import type { ServerResponse } from 'node:http';
import { LIVE_EVENT_NAME, LIVE_KEEPALIVE_SECONDS, type LiveEvent } from '@localmart/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LiveHub } from './live-hub.ts';

/** What the client waits before reconnecting after the stream drops (SSE `retry:`). */
export const LIVE_RETRY_MS = 2_000;
/** Backlog read per query while catching up. */
const BACKLOG_PAGE = 500;
/**
 * A client that stops reading (a phone asleep, a stalled proxy) would make the process buffer its
 * events without end: past this many unsent bytes it is cut off, and catches up when it reconnects.
 */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** Ids a stream remembers having sent: the backlog and the live events it overlapped with. */
const REMEMBERED_IDS = 256;

export function eventFrame(event: LiveEvent): string {
  return `id: ${event.id}\nevent: ${LIVE_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`;
}

/** The open streams of this process, ended on shutdown so a deploy never waits on them. */
export class LiveStreams {
  private readonly open = new Set<() => void>();
  get size(): number {
    return this.open.size;
  }
  add(end: () => void): () => void {
    this.open.add(end);
    return () => {
      this.open.delete(end);
    };
  }
  endAll(): void {
    for (const end of [...this.open]) end();
  }
}

export interface StreamInput {
  request: FastifyRequest;
  reply: FastifyReply;
  hub: LiveHub;
  streams: LiveStreams;
  audience: string;
  /** Catch up from after this id; null: live events only. */
  after: bigint | null;
}

/**
 * Serves one SSE stream (ADR 0011): subscribes first (events committed from now on are buffered),
 * then sends the stored events after the client's cursor, then the buffered and live ones, each id
 * once. The reply is taken over from Fastify (hijack), so compression and the JSON serialiser stay
 * out of it; the headers Fastify's hooks set (CORS, security headers) are carried over.
 */
export async function serveStream({
  request,
  reply,
  hub,
  streams,
  audience,
  after,
}: StreamInput): Promise<void> {
  const sent = new Set<string>();
  let buffered: LiveEvent[] | null = [];
  let out: ServerResponse | undefined;
  let closed = false;

  const write = (text: string) => {
    if (closed || !out) return;
    out.write(text);
    if (out.writableLength > MAX_BUFFERED_BYTES) {
      request.log.info('live stream: client not reading; cut off (it catches up on reconnect)');
      end();
    }
  };
  const send = (events: LiveEvent[]) => {
    let text = '';
    for (const event of events) {
      if (sent.has(event.id)) continue;
      sent.add(event.id);
      if (sent.size > REMEMBERED_IDS) sent.delete(sent.values().next().value!);
      text += eventFrame(event);
    }
    if (text) write(text);
  };

  const unsubscribe = hub.subscribe(audience, {
    deliver(events) {
      if (buffered) buffered.push(...events);
      else send(events);
    },
  });
  let keepAlive: NodeJS.Timeout | undefined;
  let forget: () => void = () => undefined;
  const stop = () => {
    if (closed) return;
    closed = true;
    unsubscribe();
    clearInterval(keepAlive);
    forget();
  };
  const end = () => {
    const wasOpen = !closed;
    stop();
    if (wasOpen && out && !out.writableEnded) out.end();
  };
  forget = streams.add(end);

  try {
    // Read the first page before answering: a database that is down gets the usual 503 envelope.
    let page = after === null ? [] : await hub.backlog(audience, after, BACKLOG_PAGE);
    if (closed) return;
    reply.hijack();
    out = reply.raw;
    const headers: Record<string, string | string[] | number> = {};
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined) headers[name] = value;
    }
    out.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // nginx: pass each event on as it comes instead of buffering the response.
      'x-accel-buffering': 'no',
    });
    request.raw.on('close', stop);
    out.on('close', stop);
    // Gone while the backlog was read: its 'close' has already been emitted.
    if (request.raw.socket?.destroyed) stop();
    write(`retry: ${LIVE_RETRY_MS}\n\n`);
    let cursor = after;
    while (page.length > 0 && !closed) {
      send(page);
      cursor = BigInt(page[page.length - 1]!.id);
      page = page.length < BACKLOG_PAGE ? [] : await hub.backlog(audience, cursor, BACKLOG_PAGE);
    }
    const held = buffered;
    buffered = null;
    send(held);
    keepAlive = setInterval(() => write(': keep-alive\n\n'), LIVE_KEEPALIVE_SECONDS * 1000);
    keepAlive.unref();
  } catch (error) {
    const started = out !== undefined;
    stop();
    if (!started) throw error;
    // Mid-catch-up: the client reconnects with the last id it got and continues from there.
    request.log.warn({ err: error }, 'live stream: catch-up failed');
    out?.end();
  }
}
