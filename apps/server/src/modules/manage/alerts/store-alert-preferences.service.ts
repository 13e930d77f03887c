import {
  DEFAULT_STORE_ALERT_PREFERENCES,
  STORE_EMAIL_ALERTS,
  type StoreAlertPreferences,
  type StoreEmailAlert,
} from '@localmart/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { users } from '../../../db/schema/accounts.ts';
import { businessMembers, storeAlertPreferences } from '../../../db/schema/manage.ts';

type PreferenceRow = typeof storeAlertPreferences.$inferSelect;

/** Each email alert's column in store_alert_preferences. */
const COLUMN = {
  order_placed: 'orderPlaced',
  order_auto_cancelled: 'orderAutoCancelled',
  order_deadline_soon: 'orderDeadlineSoon',
  price_match_requested: 'priceMatchRequested',
  message_received: 'messageReceived',
} as const satisfies Record<StoreEmailAlert, keyof PreferenceRow>;

function preferencesOf(row: PreferenceRow | undefined): StoreAlertPreferences {
  if (!row) return { ...DEFAULT_STORE_ALERT_PREFERENCES };
  return Object.fromEntries(
    STORE_EMAIL_ALERTS.map((alert) => [alert, row[COLUMN[alert]]]),
  ) as StoreAlertPreferences;
}

/** A member's email alerts for a store (every one on until they change something). */
export async function memberAlertPreferences(
  db: Database,
  businessId: string,
  userId: string,
): Promise<StoreAlertPreferences> {
  const [row] = await db
    .select()
    .from(storeAlertPreferences)
    .where(
      and(
        eq(storeAlertPreferences.businessId, businessId),
        eq(storeAlertPreferences.userId, userId),
      ),
    );
  return preferencesOf(row);
}

/** Saves a member's choices whole (the caller is a member: the row's foreign key says so too). */
export async function saveMemberAlertPreferences(
  db: Database,
  businessId: string,
  userId: string,
  preferences: StoreAlertPreferences,
  now: Date,
): Promise<StoreAlertPreferences> {
  const columns = Object.fromEntries(
    STORE_EMAIL_ALERTS.map((alert) => [COLUMN[alert], preferences[alert]]),
  ) as Pick<PreferenceRow, (typeof COLUMN)[StoreEmailAlert]>;
  await db
    .insert(storeAlertPreferences)
    .values({ businessId, userId, ...columns, updatedAt: now })
    .onConflictDoUpdate({
      target: [storeAlertPreferences.businessId, storeAlertPreferences.userId],
      set: { ...columns, updatedAt: now },
    });
  return memberAlertPreferences(db, businessId, userId);
}

/**
 * Who gets `alert` by email, as one `to` list: each member who keeps it on (no row = on), plus the
 * store's own address when `storeEmail` is given (it has no preferences: placement and auto-cancel
 * always reach it). Lower-cased, each once; empty when nobody wants it.
 */
export async function alertRecipients(
  db: Database,
  businessId: string,
  alert: StoreEmailAlert,
  storeEmail: string | null,
): Promise<string[]> {
  const members = await db
    .select({ email: users.email, preferences: storeAlertPreferences })
    .from(businessMembers)
    .innerJoin(users, eq(users.id, businessMembers.userId))
    .leftJoin(
      storeAlertPreferences,
      and(
        eq(storeAlertPreferences.businessId, businessMembers.businessId),
        eq(storeAlertPreferences.userId, businessMembers.userId),
      ),
    )
    .where(eq(businessMembers.businessId, businessId))
    .orderBy(asc(users.email));
  const wanted = members
    .filter((member) => preferencesOf(member.preferences ?? undefined)[alert])
    .map((member) => member.email);
  const all = [...(storeEmail ? [storeEmail] : []), ...wanted]
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email.length > 0);
  return [...new Set(all)];
}
