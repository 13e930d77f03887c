import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type PgBoss from 'pg-boss';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { notifications, pushSubscriptions } from '../../db/schema/notifications.ts';
import { getOrCreateSetting } from '../settings/settings.service.ts';
import { type NativePushSender, unconfiguredNativePush } from './native-push.ts';
import type { PushEndpointPolicy } from './push-endpoint.ts';
import { PUSH_QUEUE, type PushJob } from './push-queue.ts';
import { generateVapidKeys, sendWebPush, type VapidKeys } from './web-push-sender.ts';

export const VAPID_KEYS_SETTING = 'vapid_keys';

export interface PushDeps {
  db: Database;
  vapid: VapidKeys;
  policy: PushEndpointPolicy;
  native: NativePushSender;
  log: FastifyBaseLogger;
  now: () => Date;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Web Push: the VAPID public key browsers subscribe with, and the endpoint policy. */
    push: { publicKey: string; policy: PushEndpointPolicy };
  }
}

/** The VAPID keys: configured, or generated once and kept in the database for every instance. */
export async function vapidKeys(db: Database, config: Config): Promise<VapidKeys> {
  const pair =
    config.vapidKeys ??
    (JSON.parse(
      await getOrCreateSetting(db, VAPID_KEYS_SETTING, () => JSON.stringify(generateVapidKeys())),
    ) as { publicKey: string; privateKey: string });
  return { ...pair, subject: config.vapidSubject };
}

/** What the service worker (and the native app) receive: enough to show it and open the order. */
export interface PushPayload {
  notificationId: string;
  title: string;
  body: string;
  link: string;
}

/**
 * One push to one device. Idempotent enough to retry: a device gone or moved to another person, a
 * notification gone or already read in the app, is nothing to do. A push service answering 404 or
 * 410 means the browser dropped the subscription: the device is deleted. An endpoint the address
 * guard refuses is deleted too. Any other failure throws, so pg-boss retries it with backoff.
 */
export async function runPushJob(deps: PushDeps, job: PushJob): Promise<void> {
  const [notification] = await deps.db
    .select()
    .from(notifications)
    .where(eq(notifications.id, job.notificationId));
  const [device] = await deps.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, job.subscriptionId));
  if (!notification || !device || device.userId !== notification.userId) return;
  if (notification.readAt) return;
  const payload: PushPayload = {
    notificationId: notification.id,
    title: notification.title,
    body: notification.body,
    link: notification.link,
  };
  const drop = async (why: string) => {
    deps.log.info({ deviceId: device.id, why }, 'push device removed');
    await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
  };
  const succeeded = () =>
    deps.db
      .update(pushSubscriptions)
      .set({ lastSuccessAt: deps.now() })
      .where(eq(pushSubscriptions.id, device.id));

  if (device.kind === 'web') {
    const outcome = await sendWebPush(
      { endpoint: device.endpoint, p256dh: device.p256dh!, auth: device.auth! },
      JSON.stringify(payload),
      { vapid: deps.vapid, policy: deps.policy },
    );
    switch (outcome.kind) {
      case 'sent':
        await succeeded();
        return;
      case 'gone':
        await drop(`push service answered ${outcome.status}`);
        return;
      case 'refused':
        await drop(`endpoint refused: ${outcome.reason}`);
        return;
      case 'failed':
        deps.log.warn({ deviceId: device.id, err: outcome.message }, 'push failed; will retry');
        throw new Error(outcome.message);
    }
  }
  const outcome = await deps.native.send(
    { kind: device.kind, token: device.endpoint },
    { ...payload },
  );
  if (outcome.kind === 'sent') await succeeded();
  else if (outcome.kind === 'gone') await drop('native token no longer valid');
  else if (outcome.kind === 'failed') throw new Error(outcome.message);
}

/**
 * Push: the VAPID keys (configured or generated on first start), the `push` queue in every role,
 * and its worker where workers run.
 */
export const pushPlugin = fp(
  async (
    app: FastifyInstance,
    { config, native = unconfiguredNativePush }: { config: Config; native?: NativePushSender },
  ) => {
    const vapid = await vapidKeys(app.db, config);
    const policy: PushEndpointPolicy = { allowInsecureLoopback: config.pushAllowInsecureLoopback };
    app.decorate('push', { publicKey: vapid.publicKey, policy });
    await app.jobs.createQueue(PUSH_QUEUE);
    const deps: PushDeps = {
      db: app.db,
      vapid,
      policy,
      native,
      log: app.log.child({ module: 'push' }),
      now: app.now,
    };
    await app.jobs.work<PushJob>(PUSH_QUEUE, (job: PgBoss.JobWithMetadata<PushJob>) =>
      runPushJob(deps, job.data),
    );
  },
  { name: 'push', fastify: '5.x', dependencies: ['database', 'jobs'] },
);
