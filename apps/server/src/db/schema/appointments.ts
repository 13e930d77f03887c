import type { AppointmentBreak, WeeklyHours } from '@localmart/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { businesses, services } from './catalog.ts';
import { generatedId, timestamptz } from './columns.ts';
import { cartItems, orderItems, orders } from './commerce.ts';

/**
 * Service appointments (issue 15, modules/appointments). A provider's availability per service
 * (weekly windows cut into slots of a length and a capacity, daily breaks, closed dates, a
 * change cut-off); a counter row per booked slot whose conditional increment is the capacity
 * guarantee (as `offers.quantity` is for stock); the appointment each order line holds; and the
 * time a cart line was booked for.
 */

/**
 * How a service can be booked. No row = the defaults: the store's opening hours, slots as long as
 * the service, one place each, no breaks, no closures, the default cut-off (contract).
 */
export const serviceAvailability = pgTable(
  'service_availability',
  {
    serviceId: uuid('service_id')
      .primaryKey()
      .references(() => services.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** Weekly windows in the store's time zone; null = follow the store's opening hours. */
    weekly: jsonb('weekly').$type<WeeklyHours>(),
    /** Each slot's length; a slot starts every this many minutes from a window's start. */
    slotMinutes: integer('slot_minutes').notNull(),
    /** Places per slot (a class of 12, one chair at the barber). */
    capacity: integer('capacity').notNull(),
    /** Times of every day with no slot (lunch). */
    breaks: jsonb('breaks')
      .$type<AppointmentBreak[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Local dates ('YYYY-MM-DD') with no slot at all. */
    closures: jsonb('closures')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** A shopper may reschedule or cancel until this many hours before the start. */
    cutoffHours: integer('cutoff_hours').notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    index('service_availability_business_idx').on(table.businessId),
    check('service_availability_slot_minutes_positive', sql`${table.slotMinutes} > 0`),
    check('service_availability_capacity_positive', sql`${table.capacity} > 0`),
    check('service_availability_cutoff_not_negative', sql`${table.cutoffHours} >= 0`),
  ],
);

/**
 * Places taken in one slot of a service. Booking is `UPDATE ... SET booked = booked + n WHERE
 * booked + n <= capacity` in the order's transaction: one statement, the row lock serialises
 * concurrent bookings, so a slot is never oversold. The row is made on first booking.
 */
export const appointmentSlots = pgTable(
  'appointment_slots',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    startsAt: timestamptz('starts_at').notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.serviceId, table.startsAt] }),
    check('appointment_slots_booked_not_negative', sql`${table.booked} >= 0`),
  ],
);

/**
 * The appointment an order's service line holds. Its places count in `appointment_slots` until
 * `released_at` (the order cancelled, declined, unpaid...). `sequence` counts reschedules: the
 * calendar invitation's SEQUENCE, so a calendar replaces the old time.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: generatedId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at').notNull(),
    places: integer('places').notNull(),
    cutoffHours: integer('cutoff_hours').notNull(),
    sequence: integer('sequence').notNull().default(0),
    releasedAt: timestamptz('released_at'),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('appointments_order_item_key').on(table.orderItemId),
    index('appointments_order_idx').on(table.orderId),
    index('appointments_business_starts_idx').on(table.businessId, table.startsAt),
    check('appointments_places_positive', sql`${table.places} > 0`),
    check('appointments_ends_after_start', sql`${table.endsAt} > ${table.startsAt}`),
  ],
);

/** The time a shopper picked for a service line of their cart. */
export const cartAppointments = pgTable('cart_appointments', {
  cartItemId: uuid('cart_item_id')
    .primaryKey()
    .references(() => cartItems.id, { onDelete: 'cascade' }),
  startsAt: timestamptz('starts_at').notNull(),
});
