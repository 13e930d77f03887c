import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { commonMessages, CSRF_COOKIE, CSRF_HEADER, isApiPath } from '@localmart/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Config, isHttpsApp } from '../config.ts';
import { NATIVE_APP_ORIGINS } from './cors.ts';
import { HttpError } from './errors.ts';

/**
 * CSRF protection: OWASP's signed double-submit cookie (docs/decisions/0002-csrf.md).
 * The readable cookie holds `<random>.<HMAC(random)>`; a mutating API call must echo it in the
 * CSRF header, and the HMAC must verify, so a value planted by a sibling subdomain is worthless.
 */

declare module 'fastify' {
  interface FastifyRequest {
    /** The valid CSRF token of this request's cookie, or the fresh one set on its response. */
    csrfToken: string;
  }
  interface FastifyContextConfig {
    /** `false` for routes called server to server (e.g. payment callbacks) that authenticate otherwise. */
    csrf?: boolean;
  }
}

const MUTATING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface CsrfTokens {
  issue(): string;
  verify(token: string): boolean;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export function csrfTokens(secret: string): CsrfTokens {
  // A key of its own, derived from the cookie secret, so a CSRF signature can never double as a
  // signature made elsewhere with the same secret (e.g. a signed cookie).
  const key = createHmac('sha256', secret).update('localmart:csrf-token:v1').digest();
  const sign = (random: string) => createHmac('sha256', key).update(random).digest('base64url');
  return {
    issue() {
      const random = randomBytes(32).toString('base64url');
      return `${random}.${sign(random)}`;
    },
    verify(token) {
      const [random, signature, extra] = token.split('.');
      if (!random || !signature || extra !== undefined) return false;
      return safeEqual(signature, sign(random));
    },
  };
}

/**
 * Two kinds of request need no CSRF check (docs/decisions/0002-csrf.md):
 * - those authenticated by `Authorization: Bearer`: the browser never attaches that header by itself,
 *   so a forged cross-site request has no credential to ride on;
 * - those from the native app's own web view, told by an `Origin` a web page cannot forge: the native
 *   app calls absolute URLs, where the spec's CSRF header does not apply (§7), and its unauthenticated
 *   calls (login, registration) carry no ambient credential either.
 * Cookie-borne credentials from any other origin never get an exemption.
 */
export function isCsrfExempt(request: FastifyRequest): boolean {
  if (/^Bearer\s+\S/i.test(request.headers.authorization ?? '')) return true;
  const origin = request.headers.origin;
  return origin !== undefined && (NATIVE_APP_ORIGINS as readonly string[]).includes(origin);
}

function pathnameOf(request: FastifyRequest): string {
  const queryStart = request.url.indexOf('?');
  return queryStart === -1 ? request.url : request.url.slice(0, queryStart);
}

function needsCsrfCheck(request: FastifyRequest): boolean {
  return (
    MUTATING_METHODS.has(request.method) &&
    isApiPath(pathnameOf(request)) &&
    request.routeOptions.config.csrf !== false &&
    !isCsrfExempt(request)
  );
}

/**
 * Hashed build assets are cached for a year and may sit in shared caches: no Set-Cookie there.
 * Preflights carry no cookies and their answers are not stored by the browser.
 */
function wantsCookie(request: FastifyRequest): boolean {
  return request.method !== 'OPTIONS' && !pathnameOf(request).startsWith('/assets/');
}

export const csrfPlugin = fp(
  async (app: FastifyInstance, { config }: { config: Config }) => {
    const tokens = csrfTokens(app.cookieSecret);
    const secure = isHttpsApp(config);

    const issueCookie = (reply: FastifyReply): string => {
      const token = tokens.issue();
      reply.setCookie(CSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure, httpOnly: false });
      return token;
    };

    app.decorateRequest('csrfToken', '');
    app.addHook('onRequest', async (request, reply) => {
      const cookie = request.cookies[CSRF_COOKIE];
      const cookieIsValid = cookie !== undefined && tokens.verify(cookie);
      if (cookieIsValid) request.csrfToken = cookie;
      else if (wantsCookie(request)) request.csrfToken = issueCookie(reply);

      if (!needsCsrfCheck(request)) return;
      const header = request.headers[CSRF_HEADER];
      if (!cookieIsValid || typeof header !== 'string' || !safeEqual(header, cookie)) {
        throw new HttpError(403, commonMessages.csrfMissing);
      }
    });
  },
  { name: 'csrf', fastify: '5.x', dependencies: ['cookies', 'errors'] },
);
