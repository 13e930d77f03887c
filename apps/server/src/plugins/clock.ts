import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What time it is. Services take it as a plain function, so tests can move time forward. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** The real time moved by a fixed offset (CLOCK_OFFSET_MINUTES); the system clock when 0. */
export function offsetClock(offsetMinutes: number): Clock {
  if (offsetMinutes === 0) return systemClock;
  const offsetMs = offsetMinutes * 60_000;
  return () => new Date(Date.now() + offsetMs);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's clock (buildApp's `now` option in tests): expiries and windows are measured on it. */
    now: Clock;
  }
}

export const clockPlugin = fp(
  async (app: FastifyInstance, { now }: { now?: Clock | undefined }) => {
    app.decorate('now', now ?? systemClock);
  },
  { name: 'clock', fastify: '5.x' },
);
