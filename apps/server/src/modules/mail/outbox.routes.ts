import { apiPaths, commonMessages, ok, type OutboxMessage, outboxQuery } from '@localmart/contract';
import { z } from 'zod';
import { escapeHtml } from '../../lib/html.ts';
import { HttpError } from '../../plugins/errors.ts';
import type { ZodRoutes } from '../../plugins/zod.ts';
import { listOutbox } from './outbox.service.ts';

/** The dev outbox page, for people; the API twin serves tests and scripts. */
export const DEV_OUTBOX_PAGE = '/dev/outbox';

const pageQuery = z.object({ to: z.string().trim().max(320).optional() });

function renderPage(appName: string, messages: OutboxMessage[], to: string | undefined): string {
  const title = `${escapeHtml(appName)} dev outbox`;
  const items = messages
    .map(
      (m) => `<article>
<h2>${escapeHtml(m.subject)}</h2>
<p class="meta">To <a href="?to=${encodeURIComponent(m.to)}">${escapeHtml(m.to)}</a> · <time datetime="${escapeHtml(m.created_at)}">${escapeHtml(m.created_at)}</time></p>
<pre>${escapeHtml(m.text)}</pre>
</article>`,
    )
    .join('\n');
  const filter = to
    ? `<p>Showing mail to <strong>${escapeHtml(to)}</strong> · <a href="${DEV_OUTBOX_PAGE}">show all</a></p>`
    : '<p>Showing all mail, newest first. Filter with <code>?to=email</code>.</p>';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${title}</title>
<style>body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1f2933}
article{border:1px solid #d0d7de;border-radius:6px;padding:0 1rem;margin:1rem 0}
h2{font-size:1.1rem}.meta{color:#57606a;font-size:.9rem}pre{white-space:pre-wrap;background:#f6f8fa;padding:.75rem;border-radius:4px}</style>
</head><body>
<h1>${title}</h1>
<p>Mail the server would have sent: no SMTP_URL is configured and the server is not in production mode.</p>
${filter}
${items || '<p>No mail yet.</p>'}
</body></html>
`;
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6. */
export function isLoopback(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip;
  return v4.startsWith('127.') || ip === '::1';
}

/**
 * Registered only when the server is not in production mode (app.ts): in production these paths
 * simply do not exist (404). Even in development they answer only callers on this machine: the
 * outbox holds sign-in codes and reset links, and a dev server is easily left reachable on a LAN.
 * "On this machine" is the socket's own peer, which no header can change; when TRUST_PROXY makes
 * request.ip a forwarded address, that must be loopback too (a local proxy serving a LAN client).
 */
export const devOutboxRoutes: ZodRoutes<{ appName: string }> = async (app, { appName }) => {
  app.addHook('onRequest', async (request) => {
    const peer = request.raw.socket.remoteAddress ?? '';
    if (!isLoopback(peer) || !isLoopback(request.ip)) {
      throw new HttpError(404, commonMessages.routeNotFound);
    }
  });

  app.get(apiPaths.devOutbox, { schema: { querystring: outboxQuery } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return ok({ results: await listOutbox(app.db, { to: request.query.to }) });
  });

  app.get(DEV_OUTBOX_PAGE, { schema: { querystring: pageQuery } }, async (request, reply) => {
    const to = request.query.to || undefined;
    const messages = await listOutbox(app.db, { to });
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(renderPage(appName, messages, to));
  });
};
