import { z } from 'zod';
import { safeText } from '../schemas/safe-input.ts';

/**
 * The shopper's notification centre (the bell): one row per thing worth telling, fed by the same
 * changes as the live events and Web Push. Unread until the shopper opens or marks it.
 */
export const NOTIFICATION_KINDS = [
  'order_accepted',
  'order_declined',
  'order_ready',
  'order_out_for_delivery',
  'order_completed',
  'order_cancelled',
  'order_auto_cancelled',
  'order_refunded',
  'price_match_decided',
  'order_changed',
  // Deal alerts on favourites and list items (issue 17, modules/lists).
  'deal_price_drop',
  'deal_back_in_stock',
  'deal_new_flyer',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notification = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: safeText(),
  body: safeText(),
  /** The app path it opens (an order page). */
  link: safeText(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;

export const notificationList = z.object({
  unread: z.number().int(),
  notifications: z.array(notification),
});
export type NotificationList = z.infer<typeof notificationList>;

/** Mark some (ids) or all read. */
export const markNotificationsReadRequest = z
  .object({
    ids: z.array(z.string().uuid()).max(200).optional(),
    all: z.literal(true).optional(),
  })
  .strict();
export type MarkNotificationsReadRequest = z.infer<typeof markNotificationsReadRequest>;

/** A browser's Web Push subscription (PushSubscription.toJSON()), as the profile registers it. */
export const pushSubscriptionRequest = z
  .object({
    /** A push service's https address (loopback http is allowed for tests, by the server's config). */
    endpoint: safeText()
      .max(2048, { error: 'This browser gave a push address that is too long.' })
      .refine((value) => /^https?:\/\//.test(value), {
        error: 'This browser gave a push address that is not a web address.',
      }),
    keys: z
      .object({
        p256dh: safeText().min(1).max(200),
        auth: safeText().min(1).max(100),
      })
      .strict(),
    /** What the person calls this device in the profile ("Chrome on Pixel"). */
    label: safeText().max(80, { error: 'Keep the device name under 80 characters.' }).optional(),
  })
  .strict();
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequest>;

/** The kinds of device a person gets push notifications on: a browser, or the native app's token. */
export const PUSH_DEVICE_KINDS = ['web', 'fcm', 'apns'] as const;
export type PushDeviceKind = (typeof PUSH_DEVICE_KINDS)[number];

/**
 * The native app's registration (Capacitor Push Notifications): the token Firebase (Android) or APNs
 * (iOS) gave this install. Posted to the same path as a browser's subscription.
 */
export const nativePushTokenRequest = z
  .object({
    kind: z.enum(['fcm', 'apns']),
    token: safeText()
      .min(1)
      .max(4096, { error: 'This device gave a push token that is too long.' }),
    label: safeText().max(80, { error: 'Keep the device name under 80 characters.' }).optional(),
  })
  .strict();
export type NativePushTokenRequest = z.infer<typeof nativePushTokenRequest>;

/** POST livePaths.pushSubscriptions: a browser's subscription or a native token. */
export const pushRegistrationRequest = z.union([pushSubscriptionRequest, nativePushTokenRequest]);
export type PushRegistrationRequest = z.infer<typeof pushRegistrationRequest>;

/** One device in the profile's list (never its keys). */
export const pushDevice = z.object({
  id: z.string(),
  kind: z.enum(PUSH_DEVICE_KINDS),
  label: z.string(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
});
export type PushDevice = z.infer<typeof pushDevice>;

/** GET livePaths.pushKey: the VAPID public key (base64url), null when push is off. */
export const pushKeyResponse = z.object({ publicKey: z.string().nullable() });
export type PushKeyResponse = z.infer<typeof pushKeyResponse>;

/** Store members: which alerts reach them by email (in-app alerts always show). */
export const STORE_EMAIL_ALERTS = [
  'order_placed',
  'order_auto_cancelled',
  'order_deadline_soon',
  'price_match_requested',
  'message_received',
] as const;
export type StoreEmailAlert = (typeof STORE_EMAIL_ALERTS)[number];

export const storeAlertPreferences = z
  .object(
    Object.fromEntries(STORE_EMAIL_ALERTS.map((alert) => [alert, z.boolean()])) as {
      [K in StoreEmailAlert]: z.ZodBoolean;
    },
  )
  .strict();
export type StoreAlertPreferences = z.infer<typeof storeAlertPreferences>;
