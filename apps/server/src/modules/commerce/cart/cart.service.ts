import {
  type AddCartItemRequest,
  CART_LINE_MAX_QUANTITY,
  CART_MAX_LINES,
  type CartLineKind,
  commerceMessages,
  type FulfilmentFlags,
  offeredMethods,
  type UpdateCartItemRequest,
} from '@localmart/contract';
import { and, count, eq } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses, cartItems, menuItems, offers, services } from '../../../db/schema/index.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { orderRefusalOf, type StoreOrderState } from '../../catalog/shared/shopper-visibility.ts';
import { menuUnitPrice, optionsKey, resolveOptions } from './menu-options.ts';
import { offerPriceAt, offerPriceColumns } from './offer-price.ts';
import { lockShopper } from './shopper-lock.ts';
import {
  appointmentOptionsKey,
  checkPickedTime,
  pickCartAppointment,
} from '../../appointments/booking.service.ts';
import { shopperSubstitutionDefault } from '../fulfilment/preferences.service.ts';

/** What decides whether the item's store takes orders now (shopper-visibility.ts). */
const storeOrderColumns = {
  name: businesses.name,
  status: businesses.status,
  pausedUntil: businesses.pausedUntil,
  hours: businesses.hours,
};

/** The request bodies as the route hands them over (contract defaults applied). */
export type AddCartItem = Required<
  Omit<AddCartItemRequest, 'appointmentStartsAt' | 'substitution'>
> &
  Pick<AddCartItemRequest, 'appointmentStartsAt' | 'substitution'>;
export type UpdateCartItem = UpdateCartItemRequest;

/** What adding needs to know of the item, whatever its kind. */
interface Sellable {
  businessId: string;
  store: StoreOrderState;
  fulfilment: FulfilmentFlags;
  unitAmount: number;
  currency: string;
  /** Products: the offer's live quantity; null when there is no stock to count. */
  available: number | null;
  columns: {
    offerId: string | null;
    menuItemId: string | null;
    serviceId: string | null;
  };
  optionIds: string[];
  /** Services: the picked appointment time (a line is one service at one time). */
  appointmentStart?: Date;
}

/**
 * Add an item, or add to the equal line (same item, same options) already in the cart. The total is
 * capped at the per-line maximum and, for products, at the store's stock: a shopper asking for more
 * than there is gets what there is, and a refusal only when nothing more can be added.
 */
export async function addCartItem(
  db: Database,
  userId: string,
  input: AddCartItem,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const item = await findSellable(tx, input, now);
    // Pending or rejected stores are shown to nobody; paused ones take no orders until then.
    const refusal = orderRefusalOf(item.store, now);
    if (refusal) throw new HttpError(item.store.status === 'published' ? 409 : 404, refusal);
    if (offeredMethods(item.fulfilment).length === 0) {
      throw new HttpError(409, commerceMessages.storeSellsNothingOnline);
    }
    if (item.available === 0) throw new HttpError(409, commerceMessages.itemOutOfStock);
    // A service is booked for a time (issue 15): the picked slot must be offered and have room.
    if (input.kind === 'service') {
      item.appointmentStart = await checkPickedTime(
        tx,
        input.itemId,
        input.appointmentStartsAt,
        input.quantity,
        now,
      );
    }
    const limit = Math.min(CART_LINE_MAX_QUANTITY, item.available ?? CART_LINE_MAX_QUANTITY);
    const key = item.appointmentStart
      ? appointmentOptionsKey(item.appointmentStart)
      : optionsKey(item.optionIds);

    const [existing] = await tx
      .select({ id: cartItems.id, quantity: cartItems.quantity, note: cartItems.note })
      .from(cartItems)
      .where(
        and(
          eq(cartItems.userId, userId),
          eq(cartItems.kind, input.kind),
          eq(cartItems.itemId, input.itemId),
          eq(cartItems.optionsKey, key),
        ),
      );

    if (existing) {
      if (existing.quantity >= limit) throw refusalAtLimit(item.available);
      await tx
        .update(cartItems)
        .set({
          quantity: Math.min(limit, existing.quantity + input.quantity),
          note: input.note || existing.note,
          // A choice made on adding (the product page's "If the store runs out") replaces the line's.
          ...(input.kind === 'product' && input.substitution
            ? { substitution: input.substitution }
            : {}),
          // The shopper just saw and accepted this price: "price changed" counts from now.
          addedUnitAmount: item.unitAmount,
          currency: item.currency,
          updatedAt: now,
        })
        .where(eq(cartItems.id, existing.id));
      if (item.appointmentStart) await pickCartAppointment(tx, existing.id, item.appointmentStart);
      return;
    }

    const [lines] = await tx
      .select({ n: count() })
      .from(cartItems)
      .where(eq(cartItems.userId, userId));
    if ((lines?.n ?? 0) >= CART_MAX_LINES) throw new HttpError(409, commerceMessages.cartFull);

    const [inserted] = await tx
      .insert(cartItems)
      .values({
        userId,
        businessId: item.businessId,
        kind: input.kind,
        itemId: input.itemId,
        ...item.columns,
        optionIds: item.optionIds,
        optionsKey: key,
        quantity: Math.min(limit, input.quantity),
        note: input.note,
        addedUnitAmount: item.unitAmount,
        currency: item.currency,
        // Issue 15: a new line starts with the choice made on adding, else the shopper's default.
        substitution:
          (input.kind === 'product' ? input.substitution : undefined) ??
          (await shopperSubstitutionDefault(tx, userId)),
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: cartItems.id });
    if (item.appointmentStart) await pickCartAppointment(tx, inserted!.id, item.appointmentStart);
  });
}

function refusalAtLimit(available: number | null): HttpError {
  return available !== null && available < CART_LINE_MAX_QUANTITY
    ? new HttpError(409, commerceMessages.notEnoughStock(available))
    : new HttpError(400, commerceMessages.quantityTooHigh);
}

async function findSellable(db: Database, input: AddCartItem, now: Date): Promise<Sellable> {
  const found = await sellableOf[input.kind](db, input, now);
  if (!found) throw new HttpError(404, commerceMessages.itemNotFound);
  return found;
}

/** The item found for an add: its store and that store's methods, and the cart column it fills. */
function sellable(
  row: { businessId: string; fulfilment: FulfilmentFlags; store: StoreOrderState },
  input: AddCartItem,
  terms: Pick<Sellable, 'unitAmount' | 'currency' | 'available' | 'optionIds'>,
): Sellable {
  return {
    businessId: row.businessId,
    store: row.store,
    fulfilment: row.fulfilment,
    ...terms,
    columns: {
      offerId: input.kind === 'product' ? input.itemId : null,
      menuItemId: input.kind === 'menu_item' ? input.itemId : null,
      serviceId: input.kind === 'service' ? input.itemId : null,
    },
  };
}

const sellableOf: Record<
  CartLineKind,
  (db: Database, input: AddCartItem, now: Date) => Promise<Sellable | undefined>
> = {
  async product(db, input, now) {
    if (input.optionIds.length > 0) throw new HttpError(400, commerceMessages.optionsInvalid);
    const [row] = await db
      .select({
        businessId: offers.businessId,
        store: storeOrderColumns,
        fulfilment: businesses.fulfilment,
        ...offerPriceColumns,
        quantity: offers.quantity,
      })
      .from(offers)
      .innerJoin(businesses, eq(businesses.id, offers.businessId))
      .where(eq(offers.id, input.itemId));
    if (!row) return undefined;
    const { price } = offerPriceAt(row, now);
    return sellable(row, input, {
      unitAmount: price.amount,
      currency: price.currency,
      available: Math.max(0, row.quantity),
      optionIds: [],
    });
  },

  async menu_item(db, input) {
    const [row] = await db
      .select({
        businessId: menuItems.businessId,
        store: storeOrderColumns,
        fulfilment: businesses.fulfilment,
        priceAmount: menuItems.priceAmount,
        currency: menuItems.currency,
        optionGroups: menuItems.optionGroups,
        available: menuItems.available,
      })
      .from(menuItems)
      .innerJoin(businesses, eq(businesses.id, menuItems.businessId))
      .where(eq(menuItems.id, input.itemId));
    if (!row) return undefined;
    if (!row.available) throw new HttpError(409, commerceMessages.itemUnavailable);
    const resolved = resolveOptions(row.optionGroups, input.optionIds);
    if (!resolved.ok) throw new HttpError(400, commerceMessages.optionsInvalid);
    const unit = menuUnitPrice(
      { amount: row.priceAmount, currency: row.currency },
      resolved.options,
    );
    if (!unit.ok) throw new HttpError(409, commerceMessages.itemUnavailable);
    return sellable(row, input, {
      unitAmount: unit.price.amount,
      currency: row.currency,
      available: null,
      optionIds: resolved.options.map((option) => option.optionId),
    });
  },

  async service(db, input) {
    if (input.optionIds.length > 0) throw new HttpError(400, commerceMessages.optionsInvalid);
    const [row] = await db
      .select({
        businessId: services.businessId,
        store: storeOrderColumns,
        fulfilment: businesses.fulfilment,
        priceAmount: services.priceAmount,
        currency: services.currency,
      })
      .from(services)
      .innerJoin(businesses, eq(businesses.id, services.businessId))
      .where(eq(services.id, input.itemId));
    if (!row) return undefined;
    return sellable(row, input, {
      unitAmount: row.priceAmount,
      currency: row.currency,
      available: null,
      optionIds: [],
    });
  },
};

/**
 * Set a line's quantity. Lowering is always allowed (it is how a shopper fixes "only 2 left");
 * raising a product line past the store's stock is refused.
 */
export async function updateCartItem(
  db: Database,
  userId: string,
  lineId: string,
  input: UpdateCartItem,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [line] = await tx
      .select({ quantity: cartItems.quantity, stock: offers.quantity })
      .from(cartItems)
      .leftJoin(offers, eq(offers.id, cartItems.offerId))
      .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)))
      .for('update', { of: cartItems });
    if (!line) throw new HttpError(404, commerceMessages.cartLineNotFound);
    if (line.stock !== null && input.quantity > line.quantity && input.quantity > line.stock) {
      const available = Math.max(0, line.stock);
      throw new HttpError(
        409,
        available === 0
          ? commerceMessages.itemOutOfStock
          : commerceMessages.notEnoughStock(available),
      );
    }
    await tx
      .update(cartItems)
      .set({ quantity: input.quantity, updatedAt: now })
      .where(eq(cartItems.id, lineId));
  });
}

export async function removeCartItem(db: Database, userId: string, lineId: string): Promise<void> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw new HttpError(404, commerceMessages.cartLineNotFound);
}

export async function clearCart(db: Database, userId: string): Promise<void> {
  await db.delete(cartItems).where(eq(cartItems.userId, userId));
}
