/**
 * A payment at the provider: `created` (form made, shopper not back yet), `pending` (the bank has not
 * decided; not success), `authorised` (a held pre-authorisation), `captured` (money taken), `failed`,
 * `voided` (hold released), `refunded`, `replaced` (a form nobody may pay any more: the checkout's
 * orders changed before payment and a new payment took its place; money that still lands on it is
 * given back).
 */
export const PAYMENT_STATUSES = [
  'created',
  'pending',
  'authorised',
  'captured',
  'failed',
  'voided',
  'refunded',
  'replaced',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS = {
  created: 'Not paid yet',
  pending: 'Waiting for the bank',
  authorised: 'Card held, charged at pickup',
  captured: 'Paid',
  failed: 'Payment failed',
  voided: 'Hold released',
  refunded: 'Refunded',
  replaced: 'Replaced by a newer payment',
} as const satisfies Record<PaymentStatus, string>;
