import {
  FULFILMENT_METHODS,
  offeredMethods,
  type Address,
  type CartStore,
  type CheckoutSelection,
  type FulfilmentMethod,
} from '@localmart/contract';
import { z } from 'zod';
import { readSessionValue, removeSessionValue, writeSessionValue } from './session-value.ts';

/** What the shopper chose for one store of the cart. */
export interface StoreChoice {
  fulfilment: FulfilmentMethod;
  /** Same-day delivery: the chosen saved address; null = the default (or the one just added). */
  addressId: string | null;
  note: string;
}

export type StoreChoices = Record<string, StoreChoice>;

const storedChoicesSchema = z.record(
  z.string(),
  z.object({
    fulfilment: z.enum(FULFILMENT_METHODS),
    addressId: z.string().nullable(),
    note: z.string(),
  }),
);

const CHOICES_STORAGE_KEY = 'localmart.checkout.choices';

/**
 * The choices survive a trip to add-address and back (the page may be rebuilt on return), for this
 * tab only. A stored value that no longer parses reads as "nothing chosen".
 */
export function readStoredChoices(): StoreChoices {
  const raw = readSessionValue(CHOICES_STORAGE_KEY);
  if (!raw) return {};
  try {
    const parsed = storedChoicesSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

export function storeChoices(choices: StoreChoices): void {
  writeSessionValue(CHOICES_STORAGE_KEY, JSON.stringify(choices));
}

export function forgetChoices(): void {
  removeSessionValue(CHOICES_STORAGE_KEY);
}

/**
 * The choice a store starts with: the earlier one if the store still offers it now, else its first
 * method it can do now. Same-day delivery is skipped while the store cannot deliver today (past its
 * cut-off, closed for the day), unless it is all the store offers.
 */
export function initialChoice(
  store: CartStore,
  previous: StoreChoice | undefined,
): StoreChoice | null {
  const offered = offeredMethods(store.fulfilment);
  const possible = offered.filter(
    (method) => method !== 'same_day_delivery' || store.deliveryUnavailable === null,
  );
  const methods = possible.length > 0 ? possible : offered;
  if (previous && methods.includes(previous.fulfilment)) return previous;
  const first = methods[0];
  return first ? { fulfilment: first, addressId: null, note: '' } : null;
}

/**
 * A product page's "Reserve" sends the shopper here with `?reserve=<businessId>`: that store starts
 * on reserve-for-pickup (when it offers it) whatever was chosen before; its note and address stay.
 */
export function preferReserve(
  choices: StoreChoices,
  stores: readonly CartStore[],
  reserveFor: string | null,
): StoreChoices {
  const store = stores.find((candidate) => candidate.id === reserveFor);
  if (!store || !store.fulfilment.reservePickup) return choices;
  const previous = choices[store.id];
  return {
    ...choices,
    [store.id]: {
      fulfilment: 'reserve_pickup',
      addressId: previous?.addressId ?? null,
      note: previous?.note ?? '',
    },
  };
}

/**
 * The address a delivery store uses: the chosen one, else the one just added on add-address, else
 * the shopper's default, else the first saved; null when none is saved (or the chosen one is gone).
 */
export function effectiveAddressId(
  choice: StoreChoice,
  addresses: readonly Address[],
  justAdded: string | null,
): string | null {
  const exists = (id: string | null) => id !== null && addresses.some((a) => a.id === id);
  if (exists(choice.addressId)) return choice.addressId;
  if (exists(justAdded)) return justAdded;
  return (addresses.find((a) => a.isDefault) ?? addresses[0])?.id ?? null;
}

/** The request body of quote and place: one entry per store the shopper can choose for. */
export function toSelection(
  stores: readonly CartStore[],
  choices: StoreChoices,
  addresses: readonly Address[],
  justAdded: string | null,
  couponCode: string | null,
): CheckoutSelection {
  const selected = stores.flatMap((store) => {
    const choice = choices[store.id];
    if (!choice) return [];
    const addressId =
      choice.fulfilment === 'same_day_delivery'
        ? effectiveAddressId(choice, addresses, justAdded)
        : null;
    return [{ businessId: store.id, fulfilment: choice.fulfilment, addressId, note: choice.note }];
  });
  return { stores: selected, couponCode: couponCode || null };
}

/** True when some store chose delivery without an address to deliver to. */
export function missingDeliveryAddress(selection: CheckoutSelection): boolean {
  return selection.stores.some(
    (store) => store.fulfilment === 'same_day_delivery' && !store.addressId,
  );
}
