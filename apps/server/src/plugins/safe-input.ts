import { fieldLabel, inputMessages, unsafeTextReason } from '@localmart/contract';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from './errors.ts';

/**
 * The safety net under the contract's `safeText()` (issue 13): whatever a route's schema says (or
 * when it has none, or takes `z.record` / free-form values), a NUL byte or a lone UTF-16 surrogate
 * anywhere in the parsed query, path parameters or body (values and keys) is refused with a 400 in
 * the envelope, worded as the schema words it. PostgreSQL refuses a NUL in text with an error, which
 * would otherwise be a 500 with a logged stack.
 *
 * Runs as the first preHandler, after the schema, so a field's own wording (its label) wins; what the
 * schema let through (free-form records, routes without a schema) is caught here before any handler.
 * A route that must answer otherwise (PayU's return: a browser form post answered with a redirect)
 * sets `config: { rawInput: true }` and checks its own.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route checks NUL / lone surrogates itself (see safe-input.ts). */
    rawInput?: boolean;
  }
  interface FastifyInstance {
    /** Every route with its schema as registered, for tests that walk the whole API (fuzz). */
    inputRoutes: InputRoute[];
  }
}

export interface InputRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
  rawInput: boolean;
}

/** Past this many values the walk stops; the body limit keeps real bodies far below it. */
const MAX_VALUES = 1_000_000;

/** The first unsafe string in `value` (a key or a value) and where it is, or undefined. */
export function findUnsafeText(
  value: unknown,
): { reason: 'control' | 'broken'; path: PropertyKey[] } | undefined {
  // Iterative, so a deeply nested body cannot overflow the stack.
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  let seen = 0;
  while (stack.length > 0 && seen++ < MAX_VALUES) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      const reason = unsafeTextReason(current);
      if (reason) return { reason, path };
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => stack.push({ value: item, path: [...path, index] }));
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, item] of Object.entries(current)) {
        const reason = unsafeTextReason(key);
        if (reason) return { reason, path };
        stack.push({ value: item, path: [...path, key] });
      }
    }
  }
  return undefined;
}

/** The 400 for the first unsafe string of the request's query, params and body; else undefined. */
export function unsafeInputError(request: FastifyRequest): HttpError | undefined {
  for (const part of [request.query, request.params, request.body]) {
    const found = findUnsafeText(part);
    if (found) {
      return new HttpError(400, inputMessages.unsafeText(found.reason, fieldLabel(found.path)));
    }
  }
  return undefined;
}

export const safeInputPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('inputRoutes', [] as InputRoute[]);
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        app.inputRoutes.push({
          method,
          url: route.url,
          schema: route.schema,
          rawInput: route.config?.rawInput === true,
        });
      }
    });
    app.addHook('preHandler', async (request) => {
      if (request.routeOptions.config.rawInput === true) return;
      const error = unsafeInputError(request);
      if (error) throw error;
    });
  },
  { name: 'safe-input', fastify: '5.x' },
);
