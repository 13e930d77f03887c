import type { FulfilmentMethod } from '../commerce/fulfilment.ts';
import { ORDER_STATUS_LABELS, type OrderStatus } from '../commerce/order-status.ts';
import {
  APPOINTMENT_BREAKS_MAX,
  APPOINTMENT_CAPACITY_MAX,
  APPOINTMENT_CLOSURES_MAX,
  APPOINTMENT_CUTOFF_MAX_HOURS,
  APPOINTMENT_SLOT_MAX_MINUTES,
  APPOINTMENT_SLOT_MIN_MINUTES,
} from './appointment-constants.ts';

/** Every sentence people read about appointments: the shopper's booking and the provider's hours. */
export const appointmentMessages = {
  slotsLoaded: 'Times loaded',
  availabilityLoaded: 'Availability loaded',
  availabilitySaved: 'Availability saved',
  rescheduled: 'Appointment moved',
  pickATime: 'Pick a date and time for your appointment.',
  slotNotOffered: 'That time is not offered. Please pick another one.',
  slotTooSoon: 'That time is too soon to book. Please pick a later one.',
  slotFullyBooked: 'That time is fully booked. Please pick another one.',
  slotPlacesLeft: (left: number) =>
    left === 1
      ? 'Only 1 place is left at that time.'
      : `Only ${left} places are left at that time.`,
  notAService: 'Only services are booked for a time.',
  serviceNotFound: 'That service is no longer offered.',
  appointmentNotFound: 'That appointment was not found.',
  notChangeable: 'This appointment can no longer be changed.',
  pastCutoff: (hours: number) =>
    hours === 0
      ? 'This appointment has started; it can no longer be changed.'
      : `Appointments can be changed or cancelled up to ${hours} h before they start.`,
  sameTime: 'That is already the time of your appointment.',
  notDelivered: 'An appointment cannot be delivered. Choose "Book appointment" for this store.',
  // availability form
  slotMinutesRange: `A slot lasts between ${APPOINTMENT_SLOT_MIN_MINUTES} and ${APPOINTMENT_SLOT_MAX_MINUTES} minutes.`,
  capacityRange: `A slot has between 1 and ${APPOINTMENT_CAPACITY_MAX} places.`,
  cutoffRange: `The cut-off is between 0 and ${APPOINTMENT_CUTOFF_MAX_HOURS} hours.`,
  breakTimes:
    'A break needs a start and an end time, the end after the start (like 12:00 to 13:00).',
  tooManyBreaks: `At most ${APPOINTMENT_BREAKS_MAX} breaks a day.`,
  closureDate: 'A closed day is a real date like 2026-12-25.',
  tooManyClosures: `At most ${APPOINTMENT_CLOSURES_MAX} closed days.`,
  // words on screens and in emails
  appointmentHeading: 'Appointment',
  bookAppointmentLabel: 'Book appointment',
  bookAppointmentHint: 'Pay at your appointment. Your card is only held until then.',
  bookAndPayLabel: 'Book and pay now',
  bookAndPayHint: 'Pay now; nothing to pay at your appointment.',
  changeUntil: (when: string) => `You can reschedule or cancel until ${when}.`,
  noChangesNow: 'This appointment can no longer be rescheduled or cancelled online.',
} as const;

/** Checkout's method choice for a booking of services only: said as an appointment (issue 15). */
export const APPOINTMENT_METHODS = {
  reserve_pickup: {
    label: appointmentMessages.bookAppointmentLabel,
    hint: appointmentMessages.bookAppointmentHint,
  },
  buy_online_pickup: {
    label: appointmentMessages.bookAndPayLabel,
    hint: appointmentMessages.bookAndPayHint,
  },
  same_day_delivery: {
    label: appointmentMessages.bookAndPayLabel,
    hint: appointmentMessages.bookAndPayHint,
  },
} as const satisfies Record<FulfilmentMethod, { label: string; hint: string }>;

export const APPOINTMENT_CHOICE_LEGEND = 'How do you want to pay?';

/** Where an order's status speaks of pickup, a service booking speaks of its appointment. */
const APPOINTMENT_STATUS_LABELS: Partial<Record<OrderStatus, string>> = {
  ready_for_pickup: 'Ready for your appointment',
  no_show: 'Missed appointment',
};

/** The status in words: ORDER_STATUS_LABELS, with an appointment's own words where they differ. */
export function orderStatusLabel(status: OrderStatus, appointment: boolean): string {
  return (
    (appointment ? APPOINTMENT_STATUS_LABELS[status] : undefined) ?? ORDER_STATUS_LABELS[status]
  );
}

/**
 * The store's buttons on a service booking (issue 15: appointments never speak of pickup); the
 * other moves keep STORE_ORDER_ACTION_LABELS' words. The shopper's check-in code stands in for the
 * pickup code.
 */
export const APPOINTMENT_ACTION_LABELS = {
  ready: 'Mark ready for the appointment',
  complete: 'Complete appointment',
  no_show: 'Mark missed appointment',
} as const;
export const APPOINTMENT_CODE_LABEL = 'Check-in code';
