import { accountMessages } from '@localmart/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { findSession, type SessionRef, type SessionUser } from '../modules/auth/sessions.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by `app.requireUser` / `app.optionalUser`; null when anonymous. */
    user: SessionUser | null;
    /** That user's session and the bearer token that found it. */
    session: (SessionRef & { token: string }) | null;
  }
  interface FastifyInstance {
    /** Route hook (preValidation): a valid bearer session or the 401 envelope. */
    requireUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** Route hook: the user when a valid bearer is sent; anonymous (never 401) otherwise. */
    optionalUser: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
}

function bearerToken(request: FastifyRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  return match?.[1];
}

/**
 * Bearer-token authentication (spec §7 "Token means a bearer token"). Routes opt in with
 * `preValidation: app.requireUser` (before validation, so an anonymous caller is told to sign in
 * rather than what its body got wrong); the guard lives in a hook and handlers read `request.user`.
 * Public routes (CMS pages) simply don't use it, so any token, valid or not, leaves them public.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest('user', null);
    app.decorateRequest('session', null);

    const authenticate = async (request: FastifyRequest): Promise<boolean> => {
      const token = bearerToken(request);
      if (token === undefined) return false;
      const found = await findSession(app.db, token, app.now());
      if (!found) return false;
      request.user = found.user;
      request.session = { ...found.session, token };
      return true;
    };

    app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
      if (await authenticate(request)) return;
      reply.header('www-authenticate', 'Bearer');
      throw new HttpError(401, accountMessages.signInRequired);
    });
    app.decorate('optionalUser', async (request: FastifyRequest) => {
      await authenticate(request);
    });
  },
  { name: 'auth', fastify: '5.x', dependencies: ['database', 'clock', 'errors'] },
);
