import http from 'node:http';
import https from 'node:https';
import { guardedLookup, RefusedAddress } from '../../lib/guarded-lookup.ts';
import webpush from 'web-push';
import { addressAllowed, type PushEndpointPolicy, pushEndpointProblem } from './push-endpoint.ts';

/** The server's VAPID identity (RFC 8292): the key pair push services know us by, and a contact. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: contact for push services. */
  subject: string;
}

export interface WebPushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export type WebPushOutcome =
  /** The push service took it (201). */
  | { kind: 'sent'; status: number }
  /** The subscription is gone (404, 410): delete it. */
  | { kind: 'gone'; status: number }
  /** The endpoint is not one we call (SSRF guard): delete it, never retry. */
  | { kind: 'refused'; reason: string }
  /** Anything else: retry later. */
  | { kind: 'failed'; status: number | null; message: string };

export interface WebPushOptions {
  vapid: VapidKeys;
  policy: PushEndpointPolicy;
  /** How long the push service may take to answer. */
  timeoutMs?: number;
  /** How long the push service keeps it for an offline device (seconds). */
  ttlSeconds?: number;
}

/**
 * Sends one Web Push message: web-push encrypts the payload to the subscription's keys (RFC 8291,
 * aes128gcm) and signs the VAPID header; the POST itself is made here, through the address guard,
 * rather than by web-push's own request (which only speaks https and would follow any address).
 */
export async function sendWebPush(
  target: WebPushTarget,
  payload: string,
  options: WebPushOptions,
): Promise<WebPushOutcome> {
  const problem = pushEndpointProblem(target.endpoint, options.policy);
  if (problem) return { kind: 'refused', reason: problem };
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      vapidDetails: options.vapid,
      TTL: options.ttlSeconds ?? 24 * 60 * 60,
      urgency: 'high',
      contentEncoding: 'aes128gcm',
    },
  );
  const url = new URL(details.endpoint);
  const transport = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
  return new Promise<WebPushOutcome>((resolve) => {
    const request = transport.request(
      url,
      {
        method: details.method,
        headers,
        lookup: guardedLookup((address) => addressAllowed(address, options.policy)),
        timeout: options.timeoutMs ?? 10_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          if (chunks.length < 16) chunks.push(chunk);
        });
        response.on('end', () => {
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve({ kind: 'sent', status });
          else if (status === 404 || status === 410) resolve({ kind: 'gone', status });
          else {
            const body = Buffer.concat(chunks).toString('utf8').slice(0, 300);
            resolve({ kind: 'failed', status, message: `push service answered ${status} ${body}` });
          }
        });
        response.on('error', (error) =>
          resolve({ kind: 'failed', status: null, message: error.message }),
        );
      },
    );
    request.on('timeout', () => request.destroy(new Error('push service did not answer in time')));
    request.on('error', (error) => {
      if (error instanceof RefusedAddress) resolve({ kind: 'refused', reason: error.message });
      else resolve({ kind: 'failed', status: null, message: error.message });
    });
    request.end(details.body ?? undefined);
  });
}

/** A fresh VAPID key pair (P-256, base64url), for the first start without configured keys. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webpush.generateVAPIDKeys();
}
