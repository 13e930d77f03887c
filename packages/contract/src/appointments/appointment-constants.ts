/** Service appointments (issue 15): the limits and defaults a provider's availability works within. */

/** How many days ahead a shopper may book, today included. */
export const APPOINTMENT_DAYS_AHEAD = 14;
/** A slot must start at least this long after now to be booked (the provider needs notice). */
export const APPOINTMENT_MIN_NOTICE_MINUTES = 60;
/** Cut-off when a provider set none: changes up to a day before. */
export const APPOINTMENT_DEFAULT_CUTOFF_HOURS = 24;
export const APPOINTMENT_CUTOFF_MAX_HOURS = 168;
export const APPOINTMENT_SLOT_MIN_MINUTES = 5;
export const APPOINTMENT_SLOT_MAX_MINUTES = 480;
export const APPOINTMENT_CAPACITY_MAX = 500;
export const APPOINTMENT_BREAKS_MAX = 6;
export const APPOINTMENT_CLOSURES_MAX = 200;
