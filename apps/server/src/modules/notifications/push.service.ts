import { and, asc, eq } from 'drizzle-orm';
import type { PushDevice, PushRegistrationRequest } from '@localmart/contract';
import type { Database } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema/notifications.ts';
import { type PushEndpointPolicy, pushEndpointProblem } from './push-endpoint.ts';

type DeviceRow = typeof pushSubscriptions.$inferSelect;

function toDevice(row: DeviceRow): PushDevice {
  return {
    id: row.id,
    kind: row.kind,
    label: row.label,
    createdAt: row.createdAt.toISOString(),
    lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
  };
}

export type RegisterOutcome =
  { kind: 'registered'; device: PushDevice } | { kind: 'refused'; reason: string };

/**
 * Registers this browser (its Web Push subscription) or this app install (its native token) for the
 * user. The endpoint is unique: registering it again refreshes its keys and label, and moves it to
 * whoever is signed in on that device now (one browser never pushes one person's orders to another).
 */
export async function registerPushDevice(
  db: Database,
  userId: string,
  request: PushRegistrationRequest,
  policy: PushEndpointPolicy,
  now: Date,
): Promise<RegisterOutcome> {
  const values =
    'endpoint' in request
      ? {
          kind: 'web' as const,
          endpoint: request.endpoint,
          p256dh: request.keys.p256dh,
          auth: request.keys.auth,
        }
      : { kind: request.kind, endpoint: request.token, p256dh: null, auth: null };
  if (values.kind === 'web') {
    const problem = pushEndpointProblem(values.endpoint, policy);
    if (problem) return { kind: 'refused', reason: problem };
  }
  const label = request.label?.trim() ?? '';
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, ...values, label, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, ...values, label, lastSuccessAt: null },
    })
    .returning();
  return { kind: 'registered', device: toDevice(row!) };
}

/** The user's devices, oldest first. */
export async function listPushDevices(db: Database, userId: string): Promise<PushDevice[]> {
  const rows = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  return rows.map(toDevice);
}

/** Removes one of the user's own devices: false when it is not theirs (or gone). */
export async function removePushDevice(
  db: Database,
  userId: string,
  deviceId: string,
): Promise<boolean> {
  const rows = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.id, deviceId), eq(pushSubscriptions.userId, userId)))
    .returning({ id: pushSubscriptions.id });
  return rows.length > 0;
}
