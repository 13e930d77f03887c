import {
  LIVE_EVENT_NAME,
  LIVE_KEEPALIVE_SECONDS,
  type LiveEvent,
  livePaths,
} from '@localmart/contract';
import { and, asc, eq, gt, max } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { businesses } from '../../db/schema/catalog.ts';
import { orders } from '../../db/schema/commerce.ts';
import { notifications } from '../../db/schema/notifications.ts';

/**
 * INTERIM, until the live-events backbone of issue 14 (modules/live: the `live_events` table,
 * publishLive, LISTEN/NOTIFY) serves livePaths.shopperEvents. Registered only when nothing else
 * serves that path, so the backbone's stream replaces it without a change here; then delete this
 * file. It speaks the contract's stream (event `live`, `id:`, JSON `{id, at, data}`) for the two
 * things the shopper app needs now, read from committed rows once a second: an order of this
 * shopper whose `updated_at` moved (`order.status`, which also covers money moves) and a new
 * notification (`notification.created`). Ids are `<ms><0|1>`, growing per shopper; a reconnect with
 * Last-Event-ID resumes after that instant.
 */
const POLL_MS = 1_000;

async function latest(db: Database, userId: string): Promise<number> {
  const [o] = await db
    .select({ at: max(orders.updatedAt) })
    .from(orders)
    .where(eq(orders.userId, userId));
  const [n] = await db
    .select({ at: max(notifications.createdAt) })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return Math.max(o?.at?.getTime() ?? 0, n?.at?.getTime() ?? 0);
}

async function eventsAfter(db: Database, userId: string, after: number): Promise<LiveEvent[]> {
  const since = new Date(after);
  const changed = await db
    .select({
      orderId: orders.id,
      number: orders.number,
      status: orders.status,
      storeName: businesses.name,
      at: orders.updatedAt,
    })
    .from(orders)
    .innerJoin(businesses, eq(businesses.id, orders.businessId))
    .where(and(eq(orders.userId, userId), gt(orders.updatedAt, since)))
    .orderBy(asc(orders.updatedAt))
    .limit(50);
  const told = await db
    .select({ id: notifications.id, at: notifications.createdAt })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.createdAt, since)))
    .orderBy(asc(notifications.createdAt))
    .limit(50);
  const events: LiveEvent[] = [
    ...changed.map(({ at, ...order }) => ({
      id: `${at.getTime()}0`,
      at: at.toISOString(),
      data: { kind: 'order.status' as const, ...order },
    })),
    ...told.map(({ id, at }) => ({
      id: `${at.getTime()}1`,
      at: at.toISOString(),
      data: { kind: 'notification.created' as const, notificationId: id },
    })),
  ];
  return events.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export async function interimShopperEvents(app: FastifyInstance): Promise<void> {
  if (app.hasRoute({ method: 'GET', url: livePaths.shopperEvents })) return;
  const open = new Set<() => void>();
  // Streams never end by themselves: closing the app ends them, or close() would wait for them.
  app.addHook('preClose', async () => {
    for (const end of [...open]) end();
  });
  app.get(livePaths.shopperEvents, { preValidation: app.requireUser }, async (request, reply) => {
    const userId = request.user!.id;
    const given =
      request.headers['last-event-id'] ??
      (request.query as Record<string, string | undefined>).after;
    const resume = typeof given === 'string' && /^\d{2,20}$/.test(given) ? given : null;
    let cursor = resume ? Number(resume.slice(0, -1)) : await latest(app.db, userId);
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    out.write(`retry: 2000\n: interim shopper events\n\n`);
    let closed = false;
    let busy = false;
    const tick = async () => {
      if (closed || busy) return;
      busy = true;
      try {
        for (const event of await eventsAfter(app.db, userId, cursor)) {
          cursor = Math.max(cursor, Number(event.id.slice(0, -1)));
          out.write(
            `id: ${event.id}\nevent: ${LIVE_EVENT_NAME}\ndata: ${JSON.stringify(event)}\n\n`,
          );
        }
      } catch (error) {
        request.log.warn({ err: error }, 'interim shopper events: poll failed');
      } finally {
        busy = false;
      }
    };
    const poll = setInterval(() => void tick(), POLL_MS);
    const keepAlive = setInterval(
      () => out.write(': keep-alive\n\n'),
      LIVE_KEEPALIVE_SECONDS * 1000,
    );
    const stop = () => {
      closed = true;
      clearInterval(poll);
      clearInterval(keepAlive);
      open.delete(end);
    };
    const end = () => {
      stop();
      out.end();
    };
    open.add(end);
    request.raw.on('close', stop);
    void tick();
  });
}
