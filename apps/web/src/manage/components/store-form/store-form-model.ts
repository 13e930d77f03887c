import {
  type BusinessKind,
  type CreateStoreRequest,
  DEFAULT_STORE_CURRENCY,
  DEFAULT_STORE_TIME_ZONE,
  DEFAULT_TAX_RATE_BPS,
  type ManagedStoreDetail,
  type OpeningHours,
  parseMoney,
  type Weekday,
  WEEKDAY_NAMES,
  WEEKDAYS,
} from '@localmart/contract';
import type { z } from 'zod';
import { moneyInputText } from '../../lib/money-input.ts';

/**
 * The store's fields as a form holds them (text as typed), and their conversion to the contract's
 * requests. The contract's schemas do the validating; this file only maps their issue paths back to
 * the inputs so each message shows by its field.
 */

export interface IntervalInput {
  open: string;
  close: string;
}

export interface StoreForm {
  name: string;
  kind: BusinessKind;
  type: string;
  description: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  lat: string;
  lng: string;
  phone: string;
  email: string;
  website: string;
  currency: string;
  timeZone: string;
  /** An empty list: closed that day. */
  weekly: Record<Weekday, IntervalInput[]>;
  holidays: { date: string; name: string }[];
  /** Special hours for date ranges; an empty `intervals` closes the store on those days. */
  special: SpecialHoursInput[];
  reservePickup: boolean;
  buyOnlinePickup: boolean;
  sameDayDelivery: boolean;
  radiusKm: string;
  deliveryFee: string;
  minimumOrder: string;
  cutoffTime: string;
  pickupReadyMinutes: string;
  /** Hours after the ready-by time before a no-show (issue 15); '' = the terms' default. */
  noShowHoldHours: string;
  /** Percent as typed ('13'); sent as basis points. */
  taxRate: string;
}

export interface SpecialHoursInput {
  from: string;
  to: string;
  name: string;
  intervals: IntervalInput[];
}

export type FieldErrors = Partial<Record<string, string>>;

/** The contract's weekday names, as the hours table and review read them. */
export const WEEKDAY_LABELS: Record<Weekday, string> = WEEKDAY_NAMES;

const nineToSix = (): IntervalInput[] => [{ open: '09:00', close: '18:00' }];

export function emptyStoreForm(): StoreForm {
  return {
    name: '',
    kind: 'retail',
    type: '',
    description: '',
    line1: '',
    line2: '',
    city: 'Toronto',
    region: 'ON',
    postalCode: '',
    country: 'CA',
    lat: '',
    lng: '',
    phone: '',
    email: '',
    website: '',
    currency: DEFAULT_STORE_CURRENCY,
    timeZone: DEFAULT_STORE_TIME_ZONE,
    weekly: {
      mon: nineToSix(),
      tue: nineToSix(),
      wed: nineToSix(),
      thu: nineToSix(),
      fri: nineToSix(),
      sat: [{ open: '10:00', close: '17:00' }],
      sun: [],
    },
    holidays: [],
    special: [],
    reservePickup: true,
    buyOnlinePickup: true,
    sameDayDelivery: false,
    radiusKm: '5',
    deliveryFee: '4.99',
    minimumOrder: '25.00',
    cutoffTime: '15:00',
    pickupReadyMinutes: '60',
    noShowHoldHours: '',
    taxRate: String(DEFAULT_TAX_RATE_BPS / 100),
  };
}

/** The form filled from the store as saved (settings). */
export function formFromStore(store: ManagedStoreDetail): StoreForm {
  const money = (amount: number) => moneyInputText(amount, store.currency);
  return {
    name: store.name,
    kind: store.kind,
    type: store.type,
    description: store.description,
    line1: store.address.line1,
    line2: store.address.line2 ?? '',
    city: store.address.city,
    region: store.address.region,
    postalCode: store.address.postalCode,
    country: store.address.country,
    lat: String(store.lat),
    lng: String(store.lng),
    phone: store.phone,
    email: store.email,
    website: store.website ?? '',
    currency: store.currency,
    timeZone: store.hours.timeZone,
    weekly: Object.fromEntries(
      WEEKDAYS.map((day) => [day, store.hours.weekly[day].map((i) => ({ ...i }))]),
    ) as StoreForm['weekly'],
    holidays: store.hours.holidays.map((h) => ({ ...h })),
    special: (store.hours.special ?? []).map((range) => ({
      ...range,
      intervals: range.intervals.map((i) => ({ ...i })),
    })),
    ...store.fulfilment,
    radiusKm: store.delivery ? String(store.delivery.radiusKm) : '5',
    deliveryFee: store.delivery ? money(store.delivery.fee.amount) : '4.99',
    minimumOrder: store.delivery ? money(store.delivery.minimumOrder.amount) : '25.00',
    cutoffTime: store.delivery?.cutoffTime ?? '15:00',
    pickupReadyMinutes: store.pickupReadyMinutes === null ? '' : String(store.pickupReadyMinutes),
    noShowHoldHours: store.noShowHoldMinutes === null ? '' : String(store.noShowHoldMinutes / 60),
    taxRate: String(store.taxRateBps / 100),
  };
}

/** '' -> undefined (so the schema says "required"), else the number typed (NaN if not one). */
function numberOf(text: string): number | undefined {
  return text.trim() === '' ? undefined : Number(text.trim());
}

export function profilePayload(form: StoreForm) {
  return {
    name: form.name,
    kind: form.kind,
    type: form.type,
    description: form.description,
    address: {
      line1: form.line1,
      line2: form.line2 || null,
      city: form.city,
      region: form.region,
      postalCode: form.postalCode,
      country: form.country,
    },
    lat: numberOf(form.lat),
    lng: numberOf(form.lng),
    phone: form.phone,
    email: form.email,
    website: form.website || null,
    currency: form.currency,
  };
}

export function hoursPayload(form: StoreForm): OpeningHours {
  return {
    timeZone: form.timeZone,
    weekly: form.weekly,
    holidays: form.holidays,
    special: form.special,
  };
}

/** Fulfilment fields; money typed in dollars is checked here (the schema only sees cents). */
export function fulfilmentPayload(form: StoreForm): { payload: unknown; errors: FieldErrors } {
  const errors: FieldErrors = {};
  let delivery = null;
  if (form.sameDayDelivery) {
    const fee = parseMoney(form.deliveryFee, form.currency);
    const minimum = parseMoney(form.minimumOrder, form.currency);
    if (fee === null) errors.deliveryFee = 'Enter a delivery fee like 4.99';
    if (minimum === null) errors.minimumOrder = 'Enter a minimum order like 25.00';
    delivery = {
      radiusKm: numberOf(form.radiusKm),
      fee: { amount: fee ?? 0, currency: form.currency },
      minimumOrder: { amount: minimum ?? 0, currency: form.currency },
      cutoffTime: form.cutoffTime,
    };
  }
  const pickup = form.reservePickup || form.buyOnlinePickup;
  const taxPercent = numberOf(form.taxRate);
  return {
    payload: {
      fulfilment: {
        reservePickup: form.reservePickup,
        buyOnlinePickup: form.buyOnlinePickup,
        sameDayDelivery: form.sameDayDelivery,
      },
      delivery,
      pickupReadyMinutes:
        pickup || form.pickupReadyMinutes.trim()
          ? (numberOf(form.pickupReadyMinutes) ?? null)
          : null,
      noShowHoldMinutes: holdMinutesOf(form.noShowHoldHours),
      taxRateBps: taxPercent === undefined ? undefined : Math.round(taxPercent * 100),
    },
    errors,
  };
}

/** '' -> null (the terms' default); hours as typed -> minutes (NaN, refused by the schema). */
function holdMinutesOf(hours: string): number | null {
  const typed = hours.trim();
  if (!typed) return null;
  const value = Number(typed.replace(',', '.'));
  return Number.isFinite(value) ? Math.round(value * 60) : Number.NaN;
}

/** The whole onboarding request, and the errors found before the schema runs. */
export function createStorePayload(form: StoreForm): {
  payload: CreateStoreRequest;
  errors: FieldErrors;
} {
  const fulfilment = fulfilmentPayload(form);
  return {
    payload: {
      ...profilePayload(form),
      hours: hoursPayload(form),
      ...(fulfilment.payload as object),
    } as CreateStoreRequest,
    errors: fulfilment.errors,
  };
}

const ADDRESS_PARTS = new Set(['line1', 'line2', 'city', 'region', 'postalCode', 'country']);

/** The input an issue of the contract's schemas belongs to. */
export function fieldOfIssue(path: readonly PropertyKey[]): string {
  const [head, second, ...rest] = path.map(String);
  if (head === undefined) return 'form';
  if (head === 'address' && second && ADDRESS_PARTS.has(second)) return second;
  if (head === 'hours') return fieldOfIssue(path.slice(1));
  if (head === 'weekly' && second) return ['hours', second, ...rest.slice(0, 2)].join('.');
  if (head === 'holidays' && second) return ['holidays', second, ...rest.slice(0, 1)].join('.');
  if (head === 'special' && second) return ['special', second, ...rest.slice(0, 3)].join('.');
  if (head === 'delivery') {
    if (second === 'fee') return 'deliveryFee';
    if (second === 'minimumOrder') return 'minimumOrder';
    if (second === 'radiusKm' || second === 'cutoffTime') return second;
    return 'delivery';
  }
  if (head === 'taxRateBps') return 'taxRate';
  if (head === 'noShowHoldMinutes') return 'noShowHoldHours';
  return head;
}

/** The first message per input. */
export function errorsOf(issues: readonly z.core.$ZodIssue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOfIssue(issue.path);
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Only the errors of `fields` (a step of the onboarding form); hours match by prefix. */
export function errorsFor(errors: FieldErrors, fields: readonly string[]): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).filter(([key]) =>
      fields.some((field) => key === field || key.startsWith(`${field}.`)),
    ),
  );
}
