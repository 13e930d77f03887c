import {
  NOTIFICATION_KINDS,
  type NotificationKind,
  PUSH_DEVICE_KINDS,
  type PushDeviceKind,
} from '@localmart/contract';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { generatedId, timestamptz } from './columns.ts';
import { orders } from './commerce.ts';

const inList = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value.replace(/'/g, "''")}'`).join(', '));

/**
 * The shopper's notification centre (issue 14, modules/notifications): one row per thing worth
 * telling, written in the transaction of the change it tells about. `dedupe_key` names that change
 * ("order:<id>:order_ready"), so a change told twice (a retried job, a refund booked again) is one row.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: generatedId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    dedupeKey: text('dedupe_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** The app path it opens. */
    link: text('link').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    readAt: timestamptz('read_at'),
  },
  (table) => [
    uniqueIndex('notifications_user_dedupe_idx').on(table.userId, table.dedupeKey),
    index('notifications_user_created_idx').on(table.userId, table.createdAt),
    index('notifications_user_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} IS NULL`),
    check('notifications_kind_known', sql`${table.kind} IN (${inList(NOTIFICATION_KINDS)})`),
    check(
      'notifications_texts_present',
      sql`length(${table.title}) > 0 AND length(${table.body}) > 0 AND ${table.link} LIKE '/%'`,
    ),
  ],
);

/**
 * Where a user's push notifications go: a browser's Web Push subscription (`web`: its endpoint and
 * the keys the payload is encrypted to) or the native app's token (`fcm`, `apns`; endpoint = token).
 * An endpoint belongs to one user: a browser subscribing again after another person signed in on
 * it moves to that person.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: generatedId(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<PushDeviceKind>().notNull().default('web'),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh'),
    auth: text('auth'),
    label: text('label').notNull().default(''),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    lastSuccessAt: timestamptz('last_success_at'),
  },
  (table) => [
    index('push_subscriptions_user_idx').on(table.userId),
    check('push_subscriptions_kind_known', sql`${table.kind} IN (${inList(PUSH_DEVICE_KINDS)})`),
    check(
      'push_subscriptions_web_keys',
      sql`(${table.kind} = 'web') = (${table.p256dh} IS NOT NULL AND ${table.auth} IS NOT NULL)`,
    ),
    check(
      'push_subscriptions_web_endpoint',
      sql`${table.kind} <> 'web' OR ${table.endpoint} ~ '^https?://'`,
    ),
  ],
);
