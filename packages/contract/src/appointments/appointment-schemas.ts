import { z } from 'zod';
import { envelopeSchema, successEnvelopeSchema } from '../envelope.ts';
import { catalogIdSchema, isoDateTimeSchema } from '../catalog/schemas/common.ts';
import { weeklyHoursSchema } from '../catalog/schemas/opening-hours.ts';
import { parseLocalDate } from '../catalog/zoned-time.ts';
import { safeText } from '../schemas/safe-input.ts';
import {
  APPOINTMENT_BREAKS_MAX,
  APPOINTMENT_CAPACITY_MAX,
  APPOINTMENT_CLOSURES_MAX,
  APPOINTMENT_CUTOFF_MAX_HOURS,
  APPOINTMENT_SLOT_MAX_MINUTES,
  APPOINTMENT_SLOT_MIN_MINUTES,
} from './appointment-constants.ts';
import { appointmentMessages as m } from './appointment-messages.ts';

const CLOCK = /^(?:[01]\d|2[0-3]):[0-5]\d$/;
const clock = safeText({ error: m.breakTimes }).regex(CLOCK, { error: m.breakTimes });

/** A daily pause with no slot (lunch): local 'HH:MM' times, end after start. */
export const appointmentBreakSchema = z
  .object({ start: clock, end: clock })
  .refine((value) => value.start < value.end, { error: m.breakTimes });
export type AppointmentBreak = z.infer<typeof appointmentBreakSchema>;

const localDate = safeText({ error: m.closureDate }).refine(
  (text) => parseLocalDate(text) !== null,
  {
    error: m.closureDate,
  },
);

/**
 * How a service can be booked, as the provider sets it. `weekly` null follows the store's opening
 * hours; slots start every `slotMinutes` from the start of each window and last as long; breaks
 * apply to every day; closures are whole local dates (the store's holidays close too).
 */
export const serviceAvailabilitySchema = z.strictObject({
  weekly: weeklyHoursSchema.nullable(),
  slotMinutes: z
    .number({ error: m.slotMinutesRange })
    .int({ error: m.slotMinutesRange })
    .min(APPOINTMENT_SLOT_MIN_MINUTES, { error: m.slotMinutesRange })
    .max(APPOINTMENT_SLOT_MAX_MINUTES, { error: m.slotMinutesRange }),
  capacity: z
    .number({ error: m.capacityRange })
    .int({ error: m.capacityRange })
    .min(1, { error: m.capacityRange })
    .max(APPOINTMENT_CAPACITY_MAX, { error: m.capacityRange }),
  breaks: z.array(appointmentBreakSchema).max(APPOINTMENT_BREAKS_MAX, { error: m.tooManyBreaks }),
  closures: z.array(localDate).max(APPOINTMENT_CLOSURES_MAX, { error: m.tooManyClosures }),
  cutoffHours: z
    .number({ error: m.cutoffRange })
    .int({ error: m.cutoffRange })
    .min(0, { error: m.cutoffRange })
    .max(APPOINTMENT_CUTOFF_MAX_HOURS, { error: m.cutoffRange }),
});
export type ServiceAvailability = z.infer<typeof serviceAvailabilitySchema>;

/** The manage site's availability page of one service. */
export const managedAvailabilitySchema = z.object({
  serviceId: catalogIdSchema,
  serviceName: safeText(),
  durationMinutes: z.number().int().positive(),
  /** False until the provider saves: the defaults (store hours, service length, 1 place) apply. */
  saved: z.boolean(),
  availability: serviceAvailabilitySchema,
});
export type ManagedAvailability = z.infer<typeof managedAvailabilitySchema>;
export const managedAvailabilityResponse = envelopeSchema(
  successEnvelopeSchema({ result: managedAvailabilitySchema }),
);

/** One bookable time: its places left of its capacity (0 = fully booked, shown disabled). */
export const appointmentSlotSchema = z.object({
  startsAt: isoDateTimeSchema,
  endsAt: isoDateTimeSchema,
  /** 'HH:MM' on the store's clock. */
  time: safeText(),
  capacity: z.number().int().positive(),
  remaining: z.number().int().nonnegative(),
});
export type AppointmentSlot = z.infer<typeof appointmentSlotSchema>;

export const appointmentDaySchema = z.object({
  /** 'YYYY-MM-DD' in the store's time zone. */
  date: safeText(),
  weekday: safeText(),
  dayOfMonth: z.number().int().positive(),
  month: safeText(),
  slots: z.array(appointmentSlotSchema),
});
export type AppointmentDay = z.infer<typeof appointmentDaySchema>;

export const serviceSlotsSchema = z.object({
  serviceId: catalogIdSchema,
  timeZone: safeText(),
  slotMinutes: z.number().int().positive(),
  cutoffHours: z.number().int().nonnegative(),
  days: z.array(appointmentDaySchema),
});
export type ServiceSlots = z.infer<typeof serviceSlotsSchema>;
export const serviceSlotsResponse = envelopeSchema(
  successEnvelopeSchema({ result: serviceSlotsSchema }),
);

export const serviceSlotsQuery = z.object({
  from: localDate.optional(),
});

/**
 * An appointment as the cart, the order and the store read it: instants, the store's zone and the
 * words ('Fri Nov 27, 15:00-16:00'); `changeableUntil` is the cut-off (null on a cart line).
 */
export const appointmentViewSchema = z.object({
  id: catalogIdSchema.nullable(),
  serviceId: catalogIdSchema.nullable(),
  title: safeText(),
  startsAt: isoDateTimeSchema,
  endsAt: isoDateTimeSchema,
  timeZone: safeText(),
  label: safeText(),
  places: z.number().int().positive(),
  changeableUntil: isoDateTimeSchema.nullable(),
  /** Released: the order ended (cancelled, declined...), the places went back. */
  released: z.boolean(),
});
export type AppointmentView = z.infer<typeof appointmentViewSchema>;

export const rescheduleRequest = z.strictObject({
  startsAt: isoDateTimeSchema,
});
export type RescheduleRequest = z.infer<typeof rescheduleRequest>;
export const rescheduleResponse = envelopeSchema(
  successEnvelopeSchema({ result: appointmentViewSchema }),
);

/** One appointment in the store's list. */
export const storeAppointmentSchema = appointmentViewSchema.extend({
  orderId: catalogIdSchema,
  orderNumber: safeText(),
  orderStatus: safeText(),
  customerName: safeText(),
});
export type StoreAppointment = z.infer<typeof storeAppointmentSchema>;
export const storeAppointmentsResponse = envelopeSchema(
  successEnvelopeSchema({ results: z.array(storeAppointmentSchema) }),
);
