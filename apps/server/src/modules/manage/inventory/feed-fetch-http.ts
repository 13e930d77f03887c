import http from 'node:http';
import https from 'node:https';
import { guardedLookup, RefusedAddress } from '../../../lib/guarded-lookup.ts';
import { feedFetchMessages } from '@localmart/contract';
import {
  addressAllowed,
  type PushEndpointPolicy,
  pushEndpointProblem,
} from '../../notifications/push-endpoint.ts';

/**
 * Fetching a store's feed file from the address its owner gave (docs/decisions/0023). The address
 * is one a person typed and our server then calls on a schedule, so it gets the push endpoints' SSRF
 * rules (modules/notifications/push-endpoint.ts): https only, no credentials in it, public addresses
 * only, checked as written and again for every address the name resolves to at connect time (a name
 * that later resolves inside does not get through). No redirects are followed (each hop would need
 * the same checks; the owner can give the final address). A deadline covers the whole exchange and
 * the body is cut off at a size cap, so a slow or endless answer cannot hold a worker.
 * FEED_URL_ALLOW_INSECURE_LOOPBACK lets tests and development use a stand-in on 127.0.0.1 over http.
 */
export type FeedUrlPolicy = PushEndpointPolicy;

/** Why the address is refused as written, in the owner's words; null when it may be fetched. */
export function feedUrlProblem(address: string, policy: FeedUrlPolicy): string | null {
  const problem = pushEndpointProblem(address, policy);
  if (problem === null) {
    // pushEndpointProblem lets loopback through over any scheme when allowed; nothing but http(s).
    const protocol = new URL(address).protocol;
    return protocol === 'https:' || protocol === 'http:' ? null : feedFetchMessages.urlInvalid;
  }
  switch (problem) {
    case 'not a URL':
      return feedFetchMessages.urlInvalid;
    case 'credentials in the URL':
      return feedFetchMessages.urlCredentials;
    case 'not https':
      return feedFetchMessages.urlNotHttps;
    default:
      // a loopback address, a private address, a local host name
      return feedFetchMessages.urlPrivate;
  }
}

export type FeedFetchOutcome =
  | { ok: true; bytes: Uint8Array; filename: string }
  /** `message` is for the owner, `detail` for the log. */
  | { ok: false; message: string; detail: string };

export interface FeedFetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

class TooLarge extends Error {}
class TimedOut extends Error {}

/** The file's name for the import's history: the address's last path segment. */
export function feedFilenameOf(address: string): string {
  const segment = decodeURIComponent(new URL(address).pathname.split('/').pop() ?? '');
  return segment.slice(0, 200) || 'feed.csv';
}

/** GETs the feed file; never throws: a failure comes back with words for the owner. */
export function fetchFeedFile(
  address: string,
  policy: FeedUrlPolicy,
  limits: FeedFetchLimits,
): Promise<FeedFetchOutcome> {
  const problem = feedUrlProblem(address, policy);
  if (problem) return Promise.resolve({ ok: false, message: problem, detail: 'address refused' });
  const url = new URL(address);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<FeedFetchOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: FeedFetchOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(outcome);
    };
    const fail = (error: Error) => {
      if (error instanceof RefusedAddress) {
        finish({ ok: false, message: feedFetchMessages.urlPrivate, detail: error.message });
      } else if (error instanceof TimedOut) {
        finish({
          ok: false,
          message: feedFetchMessages.timeout(Math.round(limits.timeoutMs / 1000)),
          detail: error.message,
        });
      } else if (error instanceof TooLarge) {
        finish({ ok: false, message: feedFetchMessages.tooLarge, detail: error.message });
      } else {
        finish({ ok: false, message: feedFetchMessages.unreachable, detail: error.message });
      }
    };
    const request = transport.request(
      url,
      {
        method: 'GET',
        headers: {
          accept: 'text/csv, text/tab-separated-values, text/plain;q=0.9, */*;q=0.5',
          'user-agent': 'Localmart-feed-fetch/1 (+scheduled inventory feed)',
        },
        lookup: guardedLookup((address) => addressAllowed(address, policy)),
      },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          response.resume();
          finish({ ok: false, message: feedFetchMessages.redirect, detail: `HTTP ${status}` });
          request.destroy();
          return;
        }
        if (status < 200 || status >= 300) {
          response.resume();
          finish({
            ok: false,
            message: feedFetchMessages.status(status),
            detail: `HTTP ${status}`,
          });
          request.destroy();
          return;
        }
        const declared = Number(response.headers['content-length']);
        if (Number.isFinite(declared) && declared > limits.maxBytes) {
          request.destroy(new TooLarge(`content-length ${declared}`));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limits.maxBytes) {
            request.destroy(new TooLarge(`more than ${limits.maxBytes} bytes`));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () =>
          finish({ ok: true, bytes: Buffer.concat(chunks), filename: feedFilenameOf(address) }),
        );
        response.on('error', fail);
      },
    );
    const deadline = setTimeout(
      () => request.destroy(new TimedOut(`no whole answer within ${limits.timeoutMs} ms`)),
      limits.timeoutMs,
    );
    request.on('error', fail);
    request.end();
  });
}
