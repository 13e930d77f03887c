import {
  type BuyAgainChangeNote,
  type BuyAgainLine,
  buyAgainMessages as m,
  CART_LINE_MAX_QUANTITY,
  CART_MAX_LINES,
  type CartLineKind,
  commerceMessages,
  type Money,
  offeredMethods,
} from '@localmart/contract';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  businesses,
  cartItems,
  menuItems,
  offers,
  orderItems,
  orders,
} from '../../../db/schema/index.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { orderRefusalOf } from '../../catalog/shared/shopper-visibility.ts';
import { menuUnitPrice, optionsKey, resolveOptions } from '../cart/menu-options.ts';
import { offerPriceAt, offerPriceColumns } from '../cart/offer-price.ts';
import { lockShopper } from '../cart/shopper-lock.ts';

type OrderItemRow = typeof orderItems.$inferSelect;

/** What buy again tells about the order: its lines, and which store it is from. */
export interface BuyAgainReport {
  businessId: string;
  orderNumber: string;
  storeName: string;
  lines: BuyAgainLine[];
}

/** An order line found sellable now: the cart line it becomes. */
interface Sellable {
  kind: CartLineKind;
  itemId: string;
  columns: { offerId: string | null; menuItemId: string | null; serviceId: null };
  optionIds: string[];
  unit: Money;
  /** Products: the store's stock now; null when nothing is counted (dishes). */
  available: number | null;
}

type Resolution = { ok: true; item: Sellable } | { ok: false; change: BuyAgainChangeNote };

const skip = (code: BuyAgainChangeNote['code'], message: string): Resolution => ({
  ok: false,
  change: { code, message },
});

/**
 * Buy again (issue 17; ADR 0007 "Buy again"): the shopper's own past order goes back in their cart,
 * priced, stocked and optioned as the same store sells it NOW, in one transaction under the shopper's
 * lock (like every cart write), so two taps arriving together run one after the other.
 *
 * The cart is filled UP TO each line's ordered quantity, never added on top: a line already holding
 * that many is left alone ('already_in_cart'). So a double click or a retry changes nothing the second
 * time, and a shopper who already put 1 of 3 milks in the cart ends with 3, not 4.
 *
 * What is bought again is what the shopper asked for: the order's own lines at their ordered
 * quantities (not the substitutes a store proposed for them, nor what was short on the day). A new
 * cart line keeps the order line's note and substitution preference; a line already in the cart
 * keeps the shopper's newer choices. Services need a new appointment time, so they are never added.
 */
export async function buyAgain(
  db: Database,
  userId: string,
  orderId: string,
  now: Date,
): Promise<BuyAgainReport> {
  return db.transaction(async (tx) => {
    await lockShopper(tx, userId);
    const [order] = await tx
      .select({
        number: orders.number,
        businessId: orders.businessId,
        currency: orders.currency,
        store: {
          name: businesses.name,
          status: businesses.status,
          pausedUntil: businesses.pausedUntil,
          hours: businesses.hours,
        },
        fulfilment: businesses.fulfilment,
      })
      .from(orders)
      .innerJoin(businesses, eq(businesses.id, orders.businessId))
      .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
    // Another shopper's order reads as missing, never as someone else's.
    if (!order) throw new HttpError(404, commerceMessages.orderNotFound);

    const items = (
      await tx
        .select()
        .from(orderItems)
        .where(eq(orderItems.orderId, orderId))
        .orderBy(asc(orderItems.title), asc(orderItems.id))
    ).filter((item) => item.substituteForItemId === null);

    const storeRefusal =
      orderRefusalOf(order.store, now) ??
      (offeredMethods(order.fulfilment).length === 0
        ? commerceMessages.storeSellsNothingOnline
        : null);
    const resolve = await resolver(tx, order.businessId, items, now);

    const cart = await tx
      .select({
        id: cartItems.id,
        kind: cartItems.kind,
        itemId: cartItems.itemId,
        optionsKey: cartItems.optionsKey,
        quantity: cartItems.quantity,
      })
      .from(cartItems)
      .where(eq(cartItems.userId, userId));
    const inCart = new Map(cart.map((line) => [cartKey(line), line]));
    let lineCount = cart.length;
    /** Units asked for so far per cart line: two order lines of one item fill one cart line. */
    const wanted = new Map<string, number>();

    const lines: BuyAgainLine[] = [];
    for (const item of items) {
      const ordered = { amount: item.unitAmount, currency: order.currency };
      const base = {
        orderItemId: item.id,
        kind: item.kind,
        title: item.title,
        ordered: item.quantity,
        orderedUnitPrice: ordered,
      };
      const found: Resolution = storeRefusal
        ? skip('store_not_taking_orders', storeRefusal)
        : resolve(item);
      if (!found.ok) {
        lines.push({
          ...base,
          outcome: 'skipped',
          inCart: 0,
          unitPrice: null,
          changes: [found.change],
        });
        continue;
      }
      const sellable = found.item;
      const key = cartKey({
        kind: sellable.kind,
        itemId: sellable.itemId,
        optionsKey: optionsKey(sellable.optionIds),
      });
      const existing = inCart.get(key);
      const changes = priceChanges(ordered, sellable.unit);
      if (sellable.available === 0) {
        changes.push({ code: 'out_of_stock', message: m.outOfStock });
        lines.push({
          ...base,
          outcome: 'skipped',
          inCart: existing?.quantity ?? 0,
          unitPrice: sellable.unit,
          changes,
        });
        continue;
      }
      const asked = (wanted.get(key) ?? 0) + item.quantity;
      wanted.set(key, asked);
      const limit = Math.min(CART_LINE_MAX_QUANTITY, sellable.available ?? CART_LINE_MAX_QUANTITY);
      const target = Math.min(asked, limit);
      if (sellable.available !== null && sellable.available < asked) {
        changes.push({
          code: 'fewer_available',
          message: m.fewerAvailable(sellable.available, item.quantity),
        });
      }

      if (existing && existing.quantity >= target) {
        lines.push({
          ...base,
          outcome: 'already_in_cart',
          inCart: existing.quantity,
          unitPrice: sellable.unit,
          changes,
        });
        continue;
      }
      if (existing) {
        await tx
          .update(cartItems)
          .set({
            quantity: target,
            // The report just showed the shopper this price: "price changed" counts from now.
            addedUnitAmount: sellable.unit.amount,
            currency: sellable.unit.currency,
            updatedAt: now,
          })
          .where(eq(cartItems.id, existing.id));
        existing.quantity = target;
      } else {
        if (lineCount >= CART_MAX_LINES) {
          changes.push({ code: 'cart_full', message: m.cartFull(CART_MAX_LINES) });
          lines.push({ ...base, outcome: 'skipped', inCart: 0, unitPrice: sellable.unit, changes });
          continue;
        }
        const [inserted] = await tx
          .insert(cartItems)
          .values({
            userId,
            businessId: order.businessId,
            kind: sellable.kind,
            itemId: sellable.itemId,
            ...sellable.columns,
            optionIds: sellable.optionIds,
            optionsKey: optionsKey(sellable.optionIds),
            quantity: target,
            note: item.note,
            addedUnitAmount: sellable.unit.amount,
            currency: sellable.unit.currency,
            substitution: item.substitution,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: cartItems.id });
        lineCount += 1;
        inCart.set(key, {
          id: inserted!.id,
          kind: sellable.kind,
          itemId: sellable.itemId,
          optionsKey: optionsKey(sellable.optionIds),
          quantity: target,
        });
      }
      lines.push({ ...base, outcome: 'added', inCart: target, unitPrice: sellable.unit, changes });
    }
    return {
      businessId: order.businessId,
      orderNumber: order.number,
      storeName: order.store.name,
      lines,
    };
  });
}

function cartKey(line: { kind: string; itemId: string; optionsKey: string }): string {
  return `${line.kind}:${line.itemId}:${line.optionsKey}`;
}

/** 'Price now higher: $4.19 → $4.59 each.' against what the shopper paid per unit in the order. */
function priceChanges(before: Money, now: Money): BuyAgainChangeNote[] {
  if (before.currency !== now.currency || before.amount === now.amount) return [];
  return now.amount > before.amount
    ? [{ code: 'price_higher', message: m.priceHigher(before.amount, now.amount, now.currency) }]
    : [{ code: 'price_lower', message: m.priceLower(before.amount, now.amount, now.currency) }];
}

/**
 * Reads what the order's lines point at in two queries (the store's offers, its dishes) and answers
 * a function telling, per line, what it is sold as now or why it cannot be bought.
 */
async function resolver(
  db: Database,
  businessId: string,
  items: readonly OrderItemRow[],
  now: Date,
): Promise<(item: OrderItemRow) => Resolution> {
  const offerIds = items.flatMap((item) => (item.offerId ? [item.offerId] : []));
  const productIds = items.flatMap((item) => (item.productId ? [item.productId] : []));
  const offerRows =
    offerIds.length + productIds.length === 0
      ? []
      : await db
          .select({
            id: offers.id,
            productId: offers.productId,
            quantity: offers.quantity,
            ...offerPriceColumns,
          })
          .from(offers)
          .where(
            and(
              eq(offers.businessId, businessId),
              or(
                offerIds.length > 0 ? inArray(offers.id, offerIds) : undefined,
                productIds.length > 0 ? inArray(offers.productId, productIds) : undefined,
              ),
            ),
          );
  const offerById = new Map(offerRows.map((row) => [row.id, row]));
  const offerByProduct = new Map(offerRows.map((row) => [row.productId, row]));

  const dishIds = items.flatMap((item) => (item.menuItemId ? [item.menuItemId] : []));
  const dishRows =
    dishIds.length === 0
      ? []
      : await db
          .select({
            id: menuItems.id,
            priceAmount: menuItems.priceAmount,
            currency: menuItems.currency,
            optionGroups: menuItems.optionGroups,
            available: menuItems.available,
          })
          .from(menuItems)
          .where(and(eq(menuItems.businessId, businessId), inArray(menuItems.id, dishIds)));
  const dishById = new Map(dishRows.map((row) => [row.id, row]));

  return (item) => {
    if (item.kind === 'product') {
      // The same store's offer of the product: the one ordered, or the one the store listed anew.
      const offer =
        (item.offerId ? offerById.get(item.offerId) : undefined) ??
        (item.productId ? offerByProduct.get(item.productId) : undefined);
      if (!offer) return skip('no_longer_sold', m.noLongerSold);
      return {
        ok: true,
        item: {
          kind: 'product',
          itemId: offer.id,
          columns: { offerId: offer.id, menuItemId: null, serviceId: null },
          optionIds: [],
          unit: offerPriceAt(offer, now).price,
          available: Math.max(0, offer.quantity),
        },
      };
    }
    if (item.kind === 'menu_item') {
      const dish = item.menuItemId ? dishById.get(item.menuItemId) : undefined;
      if (!dish) return skip('no_longer_sold', m.noLongerSold);
      if (!dish.available) return skip('unavailable', m.unavailable);
      // The same choices as last time, checked against the dish's option groups as they are now.
      const resolved = resolveOptions(
        dish.optionGroups,
        item.options.map((option) => option.optionId),
      );
      if (!resolved.ok) return skip('options_changed', m.optionsChanged);
      const unit = menuUnitPrice(
        { amount: dish.priceAmount, currency: dish.currency },
        resolved.options,
      );
      if (!unit.ok) return skip('unavailable', m.unavailable);
      return {
        ok: true,
        item: {
          kind: 'menu_item',
          itemId: dish.id,
          columns: { offerId: null, menuItemId: dish.id, serviceId: null },
          optionIds: resolved.options.map((option) => option.optionId),
          unit: unit.price,
          available: null,
        },
      };
    }
    return item.serviceId
      ? skip('needs_new_time', m.needsNewTime)
      : skip('no_longer_sold', m.noLongerSold);
  };
}
