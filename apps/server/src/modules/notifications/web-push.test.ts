import {
  createCipheriv,
  createDecipheriv,
  createECDH,
  createHmac,
  hkdfSync,
  randomBytes,
} from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { livePaths } from '@localmart/contract';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/notifications.ts';
import { useTestApp } from '../../test/app.ts';
import { CITY_NOW, useCatalogCity } from '../../test/catalog.ts';
import { testDatabases, useTestDatabase } from '../../test/databases.ts';
import { queuedJobs } from '../../test/jobs.ts';
import { shopperClient, signedInShopper } from '../commerce/cart/commerce-test-support.ts';
import { insertOrder } from '../commerce/orders/commerce-orders-test-support.ts';
import { transitionOrder } from '../commerce/orders/order-transitions.ts';
import { PUSH_QUEUE } from './push-queue.ts';

/**
 * The receiving side of Web Push, as a browser's push service and the browser would do it: a
 * subscription's own key pair and auth secret (RFC 8291), and the decryption of an aes128gcm body
 * (RFC 8188) with node:crypto only, so this checks web-push's encryption against the RFCs, not
 * against itself.
 */
function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    decrypt(body: Buffer): string {
      // RFC 8188 header: salt(16) | rs(4) | idlen(1) | keyid(idlen) = the sender's public key.
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const senderKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(senderKey);
      // RFC 8291 §3.4: IKM from the ECDH secret and the auth secret, bound to both public keys.
      const keyInfo = Buffer.concat([
        Buffer.from('WebPush: info\0'),
        ecdh.getPublicKey(),
        senderKey,
      ]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
      );
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const plain = Buffer.concat([
        decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
        decipher.final(),
      ]);
      // One record: the content, then the last-record delimiter 0x02 and zero padding.
      const end = plain.lastIndexOf(2);
      expect(plain.subarray(end + 1).every((byte) => byte === 0)).toBe(true);
      return plain.subarray(0, end).toString('utf8');
    },
  };
}

// Guards the helper itself: hkdfSync and HMAC agree on RFC 5869's extract-then-expand.
function hkdfByHand(ikm: Buffer, salt: Buffer, info: Buffer, length: number) {
  const prk = createHmac('sha256', salt).update(ikm).digest();
  return createHmac('sha256', prk)
    .update(Buffer.concat([info, Buffer.from([1])]))
    .digest()
    .subarray(0, length);
}

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A push service on loopback: records each POST and answers with `status(path)`. */
async function pushService(status: (path: string) => number) {
  const received: Received[] = [];
  const waiters: (() => void)[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.writeHead(status(request.url ?? '')).end();
      waiters.splice(0).forEach((wake) => wake());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    async next(count: number, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline)
          throw new Error(`push service got ${received.length} of ${count}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received[count - 1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

for (const backend of testDatabases()) {
  describe(`Web Push on ${backend.name}`, () => {
    const getDb = useTestDatabase(backend);
    const city = useCatalogCity(getDb);
    const testApp = useTestApp(() => getDb());
    const services: { close(): Promise<void> }[] = [];
    afterEach(async () => {
      await Promise.all(services.splice(0).map((service) => service.close()));
    });

    async function shopperWithOrder() {
      const db = getDb().db;
      const shopper = await signedInShopper(db, CITY_NOW);
      const offer = [...city().offers].find((candidate) => candidate.quantity >= 5)!;
      const { orderId } = await insertOrder(db, {
        userId: shopper.userId,
        businessId: offer.businessId,
        offerId: offer.id,
        status: 'placed',
        fulfilment: 'reserve_pickup',
        now: CITY_NOW,
      });
      return { shopper, orderId };
    }

    it('the RFC helper agrees with HKDF by hand', () => {
      const [ikm, salt, info] = [randomBytes(32), randomBytes(16), Buffer.from('x')];
      expect(Buffer.from(hkdfSync('sha256', ikm, salt, info, 16))).toEqual(
        hkdfByHand(ikm, salt, info, 16),
      );
      // and aes-128-gcm round-trips (the decipher is not the thing under test)
      const key = randomBytes(16);
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-128-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update('hi'), cipher.final()]);
      const open = createDecipheriv('aes-128-gcm', key, iv);
      open.setAuthTag(cipher.getAuthTag());
      expect(Buffer.concat([open.update(sealed), open.final()]).toString()).toBe('hi');
    });

    it('sends a real encrypted Web Push message that the subscriber decrypts; 404/410 remove the subscription', async () => {
      const service = await pushService((path) =>
        path.startsWith('/gone') ? 410 : path.startsWith('/missing') ? 404 : 201,
      );
      services.push(service);
      const app = await testApp({
        env: { PUSH_ALLOW_INSECURE_LOOPBACK: 'true' },
        jobs: { pollingIntervalSeconds: 0.5 },
      });
      const db = getDb().db;
      const { shopper, orderId } = await shopperWithOrder();
      const client = shopperClient(app, shopper);
      const browser = browserSubscription();
      const added = await client.post(livePaths.pushSubscriptions, {
        endpoint: service.url('/push/device-1'),
        keys: browser.keys,
        label: 'Test browser',
      });
      expect(added.statusCode).toBe(201);

      await transitionOrder(db, {
        orderId,
        to: 'accepted',
        actor: 'store',
        now: CITY_NOW,
        jobs: app.jobs,
      });
      app.jobs.wake(PUSH_QUEUE);
      const message = await service.next(1);
      expect(message.path).toBe('/push/device-1');
      expect(message.headers['content-encoding']).toBe('aes128gcm');
      expect(message.headers.ttl).toBeDefined();
      // VAPID (RFC 8292): our JWT and public key.
      const publicKey = (await client.get(livePaths.pushKey)).json().result.publicKey;
      expect(message.headers.authorization).toMatch(
        new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
      );
      const payload = JSON.parse(browser.decrypt(message.body));
      expect(payload).toMatchObject({
        title: 'Order accepted',
        link: `/order-details/${orderId}`,
      });
      expect(payload.body).toMatch(/accepted your order LM-/);
      const [device] = await db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.id, added.json().result.id));
      await expect
        .poll(async () => {
          const [row] = await db
            .select({ at: pushSubscriptions.lastSuccessAt })
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.id, device!.id));
          return row?.at ?? null;
        })
        .not.toBeNull();

      // Two more devices whose push service says the subscription is gone (410) or unknown (404).
      for (const path of ['/gone/device-2', '/missing/device-3']) {
        const other = browserSubscription();
        const response = await client.post(livePaths.pushSubscriptions, {
          endpoint: service.url(path),
          keys: other.keys,
        });
        expect(response.statusCode).toBe(201);
      }
      await transitionOrder(db, {
        orderId,
        to: 'ready_for_pickup',
        actor: 'store',
        now: new Date(CITY_NOW.getTime() + 60_000),
        jobs: app.jobs,
      });
      app.jobs.wake(PUSH_QUEUE);
      await service.next(4);
      const ready = service.received.find((r) => r.path === '/push/device-1' && r !== message)!;
      expect(JSON.parse(browser.decrypt(ready.body)).title).toBe('Ready for pickup');
      await expect
        .poll(async () => {
          const rows = await db
            .select({ endpoint: pushSubscriptions.endpoint })
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.userId, shopper.userId));
          return rows.map((row) => new URL(row.endpoint).pathname);
        })
        .toEqual(['/push/device-1']);
      // Nothing left to retry: the gone devices' jobs completed rather than failing.
      const jobs = await queuedJobs(db, PUSH_QUEUE, {});
      expect(jobs.filter((job) => job.state === 'retry' || job.state === 'failed')).toEqual([]);
    }, 60_000);

    it('refuses to POST to loopback unless configured (SSRF guard)', async () => {
      const app = await testApp();
      const { shopper } = await shopperWithOrder();
      const response = await shopperClient(app, shopper).post(livePaths.pushSubscriptions, {
        endpoint: 'http://127.0.0.1:9/push/x',
        keys: browserSubscription().keys,
      });
      expect(response.statusCode).toBe(400);
    });
  });
}
