import { liveMessages, livePaths } from '@localmart/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../plugins/errors.ts';
import { routePattern } from '../catalog/shared/route-pattern.ts';
import { recordRoutes } from '../manage/access/manage-guard.ts';
import { keyedLimit } from '../rate-limit/keyed-limit.ts';
import type { Limit } from '../rate-limit/rate-limit-rules.ts';
import { storeAudience, userAudience } from './publish-live.ts';
import { serveStream } from './live-stream.ts';

/**
 * Stream opens per user: a page that reconnects every few seconds all day stays far below it, a
 * loop that opens streams as fast as it can does not (each open costs a database read).
 */
export const LIVE_OPEN_LIMIT: Limit = { limit: 120, windowSeconds: 10 * 60 };

const MAX_CURSOR = 9223372036854775807n;

function cursorOf(value: unknown): bigint | null {
  if (value === undefined) return null;
  if (typeof value !== 'string' || !/^\d{1,19}$/.test(value)) {
    throw new HttpError(400, liveMessages.badCursor);
  }
  const cursor = BigInt(value);
  if (cursor > MAX_CURSOR) throw new HttpError(400, liveMessages.badCursor);
  return cursor;
}

/**
 * Where the client's catch-up starts: `Last-Event-ID` (EventSource's and our client's reconnects)
 * or `?after=` (a page that reloads and remembers its last id); the later of the two when both come.
 */
export function catchUpCursor(request: FastifyRequest): bigint | null {
  const header = cursorOf(request.headers['last-event-id']);
  const query = cursorOf((request.query as Record<string, unknown> | undefined)?.after);
  if (header === null) return query;
  if (query === null) return header;
  return header > query ? header : query;
}

function acceptsStream(request: FastifyRequest): boolean {
  return /(^|,)\s*(text\/event-stream|text\/\*|\*\/\*)\s*(;|,|$)/i.test(
    request.headers.accept ?? '',
  );
}

/**
 * GET the shopper's own events and a store's events (its members' and admins', through the manage
 * guard like every store route). CSRF does not apply (GET). Both answer 406 to a request that does
 * not ask for text/event-stream, so a plain fetch (or the authorisation matrix) gets an envelope.
 */
export async function liveRoutes(app: FastifyInstance): Promise<void> {
  const limitOpens = keyedLimit(app, LIVE_OPEN_LIMIT, (request) => `live:user:${request.user!.id}`);

  const open = async (
    request: FastifyRequest,
    reply: Parameters<typeof serveStream>[0]['reply'],
    audience: string,
  ) => {
    const after = catchUpCursor(request);
    if (!acceptsStream(request)) throw new HttpError(406, liveMessages.notAStreamRequest);
    await serveStream({ request, reply, hub: app.live, streams: app.liveStreams, audience, after });
  };

  app.get(
    livePaths.shopperEvents,
    { preValidation: app.requireUser, preHandler: limitOpens },
    (request, reply) => open(request, reply, userAudience(request.user!.id)),
  );

  await app.register(async (store) => {
    recordRoutes(store, 'store');
    store.addHook('preValidation', app.requireStoreAccess);
    store.get(
      routePattern(livePaths.storeEvents(':businessId')),
      { preHandler: limitOpens },
      (request, reply) => open(request, reply, storeAudience(request.store!.businessId)),
    );
  });
}
