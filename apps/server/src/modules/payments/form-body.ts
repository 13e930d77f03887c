import type { FastifyInstance } from 'fastify';

/**
 * PayU speaks HTML form posts (application/x-www-form-urlencoded). The API refuses form bodies on
 * purpose (JSON only, which also closes the classic cross-site form-post CSRF), so this parser is
 * added only inside the encapsulated plugins that take PayU's posts: the simulator, and the
 * checkout's surl/furl return route. Repeated names keep their last value, as PHP (PayU) reads them.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );
}

/** The string fields of a parsed body (form or JSON); anything else is dropped. */
export function formFields(body: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    for (const [name, value] of Object.entries(body)) {
      if (typeof value === 'string') fields[name] = value;
    }
  }
  return fields;
}
