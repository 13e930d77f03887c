import type { StoreAlertPreferences, StoreEmailAlert } from './notifications.ts';

/**
 * The store site's alerts (issue 14): what each email alert is called in the settings, and the
 * words of the preference routes. In-app alerts (sound, banner, desktop notification) always show;
 * these choose only what reaches a member by email.
 */
export const STORE_EMAIL_ALERT_LABELS = {
  order_placed: {
    label: 'New orders',
    hint: 'An email as soon as a shopper places an order.',
  },
  order_auto_cancelled: {
    label: 'Orders cancelled for no answer',
    hint: 'When the 4-hour rule cancels an order nobody answered.',
  },
  order_deadline_soon: {
    label: 'Answer time running out',
    hint: '30 minutes before an unanswered order would be cancelled.',
  },
  price_match_requested: {
    label: 'Price-match requests',
    hint: 'When a shopper asks you to match a competitor’s price.',
  },
  message_received: {
    label: 'Messages from shoppers',
    hint: 'A copy of each message sent through your store page.',
  },
} as const satisfies Record<StoreEmailAlert, { label: string; hint: string }>;

/** Every alert on: what a member gets until they change something. */
export const DEFAULT_STORE_ALERT_PREFERENCES: StoreAlertPreferences = {
  order_placed: true,
  order_auto_cancelled: true,
  order_deadline_soon: true,
  price_match_requested: true,
  message_received: true,
};

export const storeAlertMessages = {
  saved: 'Email alerts saved.',
  /** A platform admin looking at a store they are not a member of: no emails reach them from it. */
  membersOnly: 'Email alerts are chosen by each member of the store.',
} as const;
