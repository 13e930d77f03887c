import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** What time it is. Services take it as a plain function, so tests can move time forward. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

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
