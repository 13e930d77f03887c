import {
  CART_LINE_MAX_QUANTITY,
  appointmentMessages,
  type CartLine,
  type CartNotice,
  type CartStore,
  type CartSummary,
  commerceMessages,
  durationLabel,
  formatMoney,
  offeredMethods,
  type Money,
  type OpeningHours,
  pickupPromiseAt,
  sameDayDeliveryRefusal,
  stockStatus,
} from '@localmart/contract';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import {
  businesses,
  cartItems,
  menuItems,
  menus,
  offers,
  orderItems,
  orders,
  payments,
  priceMatchRequests,
  products,
  services,
} from '../../../db/schema/index.ts';
import { orderRefusalOf } from '../../catalog/shared/shopper-visibility.ts';
import { menuUnitPrice, resolveOptions } from './menu-options.ts';
import { cartAppointmentsOf } from '../../appointments/booking.service.ts';
import { offerPriceAt, offerPriceColumns } from './offer-price.ts';

/** A cart line with what checkout needs beyond the wire shape. */
export interface PricedCartLine extends CartLine {
  offerId: string | null;
  menuItemId: string | null;
  serviceId: string | null;
  /** Products: the offer's live quantity; null for menu items and services (no stock). */
  availableQuantity: number | null;
  priceMatchId: string | null;
}

export interface PricedCart {
  lines: PricedCartLine[];
  summary: CartSummary;
}

/** Strips the internal fields for the wire. */
export function toCartLine(line: PricedCartLine): CartLine {
  const {
    offerId: _offerId,
    menuItemId: _menuItemId,
    serviceId: _serviceId,
    availableQuantity: _availableQuantity,
    priceMatchId: _priceMatchId,
    ...wire
  } = line;
  return wire;
}

/**
 * Units of these offers held by the shopper's own unpaid checkouts (payment not started at the
 * bank): what placing a new checkout gives back before it takes stock again.
 */
async function ownUnpaidHolds(
  db: Database,
  userId: string,
  offerIds: readonly string[],
): Promise<Map<string, number>> {
  if (offerIds.length === 0) return new Map();
  const rows = await db
    .select({
      offerId: orderItems.offerId,
      quantity: sql<number>`sum(${orderItems.quantity})::int`,
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(
      and(
        eq(orders.userId, userId),
        eq(orders.status, 'awaiting_payment'),
        eq(payments.status, 'created'),
        inArray(orderItems.offerId, [...offerIds]),
      ),
    )
    .groupBy(orderItems.offerId);
  return new Map(rows.map((row) => [row.offerId!, Number(row.quantity)]));
}

/**
 * The shopper's cart priced now: prices, sales, approved price matches, stock and menu options are
 * read again on every call, never trusted from when the line was added. Two queries whatever the cart
 * holds (the lines with everything they point at, then the shopper's live price matches). Works on a
 * transaction handle too: checkout prices the cart inside the transaction that places the orders.
 */
export async function readCart(db: Database, userId: string, now: Date): Promise<PricedCart> {
  const rows = await db
    .select({
      line: cartItems,
      business: {
        id: businesses.id,
        slug: businesses.slug,
        name: businesses.name,
        logo: businesses.logo,
        addressLine: businesses.addressLine,
        lat: businesses.lat,
        lng: businesses.lng,
        currency: businesses.currency,
        fulfilment: businesses.fulfilment,
        pickupReadyMinutes: businesses.pickupReadyMinutes,
        delivery: businesses.delivery,
        taxRateBps: businesses.taxRateBps,
        hours: businesses.hours,
      },
      storeState: {
        name: businesses.name,
        status: businesses.status,
        pausedUntil: businesses.pausedUntil,
        hours: businesses.hours,
      },
      offer: { productId: offers.productId, ...offerPriceColumns, quantity: offers.quantity },
      product: { title: products.title, brand: products.brand, images: products.images },
      menuItem: {
        name: menuItems.name,
        menuId: menuItems.menuId,
        priceAmount: menuItems.priceAmount,
        currency: menuItems.currency,
        image: menuItems.image,
        optionGroups: menuItems.optionGroups,
        available: menuItems.available,
      },
      menuName: menus.name,
      service: {
        name: services.name,
        priceAmount: services.priceAmount,
        currency: services.currency,
        durationMinutes: services.durationMinutes,
        images: services.images,
      },
    })
    .from(cartItems)
    .innerJoin(businesses, eq(businesses.id, cartItems.businessId))
    .leftJoin(offers, eq(offers.id, cartItems.offerId))
    .leftJoin(products, eq(products.id, offers.productId))
    .leftJoin(menuItems, eq(menuItems.id, cartItems.menuItemId))
    .leftJoin(menus, eq(menus.id, menuItems.menuId))
    .leftJoin(services, eq(services.id, cartItems.serviceId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(businesses.name), asc(businesses.id), asc(cartItems.createdAt), asc(cartItems.id));

  const offerIds = rows.flatMap((row) => (row.line.offerId ? [row.line.offerId] : []));
  const matches = await livePriceMatches(db, userId, offerIds, now);
  const ownHeld = await ownUnpaidHolds(db, userId, offerIds);

  const lines: PricedCartLine[] = [];
  for (const row of rows) {
    const { line } = row;
    // A store that stopped taking online orders keeps its lines visible but not buyable.
    // Neither does a store that is not published or is paused (shopper-visibility.ts).
    const refusal = orderRefusalOf(row.storeState, now);
    const storeOffline: CartNotice[] = refusal
      ? [{ code: 'unavailable', message: refusal, blocking: true }]
      : offeredMethods(row.business.fulfilment).length === 0
        ? [
            {
              code: 'unavailable',
              message: commerceMessages.storeSellsNothingOnline,
              blocking: true,
            },
          ]
        : [];
    if (line.kind === 'product' && row.offer && row.product && line.offerId) {
      const current = offerPriceAt(row.offer, now);
      const match = matches.get(line.offerId);
      const matched =
        match !== undefined &&
        match.currency === current.price.currency &&
        match.amount < current.price.amount;
      // The shopper's own unpaid checkout holds some units: a new checkout releases it first
      // (place.service.ts), so to this shopper those units are still there to buy.
      const available = Math.max(0, row.offer.quantity + (ownHeld.get(line.offerId) ?? 0));
      lines.push(
        priced(line, {
          productId: row.offer.productId,
          menuId: null,
          title: row.product.title,
          subtitle: row.product.brand,
          image: row.product.images[0] ?? null,
          options: [],
          maxQuantity: Math.min(CART_LINE_MAX_QUANTITY, available),
          unitPrice: matched ? { amount: match.amount, currency: match.currency } : current.price,
          regularUnitPrice: current.regularPrice,
          priceMatched: matched,
          stock: stockStatus(available),
          availableQuantity: available,
          priceMatchId: matched ? match.id : null,
          blocking: [...storeOffline, ...stockNotices(available, line.quantity)],
        }),
      );
    } else if (line.kind === 'menu_item' && row.menuItem) {
      const resolved = resolveOptions(row.menuItem.optionGroups, line.optionIds);
      const { options } = resolved;
      // Never below zero: a negative price or option delta makes the dish not sellable.
      const { price, ok: priceOk } = menuUnitPrice(
        { amount: row.menuItem.priceAmount, currency: row.menuItem.currency },
        options,
      );
      const unavailable = !row.menuItem.available || !resolved.ok || !priceOk;
      lines.push(
        unstockedLine(line, {
          menuId: row.menuItem.menuId,
          title: row.menuItem.name,
          subtitle: row.menuName ?? '',
          image: row.menuItem.image,
          options,
          price,
          blocking: unavailable
            ? [{ code: 'unavailable', message: commerceMessages.itemUnavailable, blocking: true }]
            : storeOffline,
        }),
      );
    } else if (line.kind === 'service' && row.service) {
      const price = { amount: row.service.priceAmount, currency: row.service.currency };
      lines.push(
        unstockedLine(line, {
          menuId: null,
          title: row.service.name,
          subtitle: durationLabel(row.service.durationMinutes),
          image: row.service.images[0] ?? null,
          options: [],
          price,
          blocking: storeOffline,
        }),
      );
    }
    // Any other row points at an item that is gone (the foreign keys cascade, so only a kind
    // mismatch gets here): nothing to show or sell.
  }

  await addAppointments(db, lines, now);
  return {
    lines,
    summary: summarise(
      lines,
      rows.map((row) => row.business),
      now,
    ),
  };
}

/**
 * Service lines carry their picked time (issue 15); a line with no time, or whose time is no longer
 * offered, too soon or full, cannot be checked out until the shopper picks another.
 */
async function addAppointments(db: Database, lines: PricedCartLine[], now: Date): Promise<void> {
  const serviceLines = lines.filter((line) => line.kind === 'service');
  if (serviceLines.length === 0) return;
  const found = await cartAppointmentsOf(db, serviceLines, now);
  for (const line of serviceLines) {
    const picked = found.get(line.id);
    line.appointment = picked?.view ?? null;
    const problem = picked ? picked.problem : appointmentMessages.pickATime;
    if (problem) line.notices.push({ code: 'unavailable', message: problem, blocking: true });
  }
}

type CartItemRow = typeof cartItems.$inferSelect;

interface LinePricing extends Pick<
  PricedCartLine,
  | 'productId'
  | 'menuId'
  | 'title'
  | 'subtitle'
  | 'image'
  | 'options'
  | 'maxQuantity'
  | 'unitPrice'
  | 'regularUnitPrice'
  | 'priceMatched'
  | 'stock'
  | 'availableQuantity'
  | 'priceMatchId'
> {
  blocking: CartNotice[];
}

/**
 * A menu item or a service: no stock to count and no price match, so it sells at one price up to
 * the line cap.
 */
function unstockedLine(
  line: CartItemRow,
  item: Pick<LinePricing, 'menuId' | 'title' | 'subtitle' | 'image' | 'options' | 'blocking'> & {
    price: Money;
  },
): PricedCartLine {
  const { price, ...shown } = item;
  return priced(line, {
    ...shown,
    productId: null,
    maxQuantity: CART_LINE_MAX_QUANTITY,
    unitPrice: price,
    regularUnitPrice: price,
    priceMatched: false,
    stock: null,
    availableQuantity: null,
    priceMatchId: null,
  });
}

/**
 * Money never goes below zero (issue 12): a unit price under 0, which the contract and the database
 * refuse, can only come from data written around them. Such a line reads 0 and cannot be bought,
 * so no line, order or checkout total is ever negative.
 */
function notBelowZero(pricing: LinePricing): LinePricing {
  if (pricing.unitPrice.amount >= 0) return pricing;
  const zero = { ...pricing.unitPrice, amount: 0 };
  return {
    ...pricing,
    unitPrice: zero,
    regularUnitPrice: pricing.regularUnitPrice.amount < 0 ? zero : pricing.regularUnitPrice,
    blocking: [
      ...pricing.blocking,
      { code: 'unavailable', message: commerceMessages.itemUnavailable, blocking: true },
    ],
  };
}

function priced(line: CartItemRow, given: LinePricing): PricedCartLine {
  const pricing = notBelowZero(given);
  const { blocking, ...rest } = pricing;
  const notices: CartNotice[] = [];
  // A line that cannot be bought at all has no price worth comparing (a vanished option's delta
  // would otherwise read as a price cut).
  const unavailable = blocking.some((notice) => notice.code === 'unavailable');
  if (
    !unavailable &&
    (pricing.unitPrice.amount !== line.addedUnitAmount ||
      pricing.unitPrice.currency !== line.currency)
  ) {
    notices.push({
      code: 'price_changed',
      message: commerceMessages.priceChanged(
        formatMoney(line.addedUnitAmount, line.currency),
        formatMoney(pricing.unitPrice.amount, pricing.unitPrice.currency),
      ),
      blocking: false,
    });
  }
  notices.push(...blocking);
  return {
    ...rest,
    id: line.id,
    kind: line.kind,
    businessId: line.businessId,
    itemId: line.itemId,
    note: line.note,
    quantity: line.quantity,
    ...(line.kind === 'product' ? { substitution: line.substitution } : {}),
    lineTotal: {
      amount: pricing.unitPrice.amount * line.quantity,
      currency: pricing.unitPrice.currency,
    },
    notices,
    offerId: line.offerId,
    menuItemId: line.menuItemId,
    serviceId: line.serviceId,
  };
}

function stockNotices(available: number, wanted: number): CartNotice[] {
  if (available === 0) {
    return [{ code: 'out_of_stock', message: commerceMessages.itemOutOfStock, blocking: true }];
  }
  if (wanted > available) {
    return [
      {
        code: 'not_enough_stock',
        message: commerceMessages.notEnoughStock(available),
        blocking: true,
      },
    ];
  }
  return [];
}

interface LiveMatch {
  id: string;
  amount: number;
  currency: string;
}

/** The shopper's approved, unexpired price matches per offer (the lowest when several apply). */
async function livePriceMatches(
  db: Database,
  userId: string,
  offerIds: string[],
  now: Date,
): Promise<Map<string, LiveMatch>> {
  const best = new Map<string, LiveMatch>();
  if (offerIds.length === 0) return best;
  const rows = await db
    .select({
      id: priceMatchRequests.id,
      offerId: priceMatchRequests.offerId,
      amount: priceMatchRequests.competitorAmount,
      currency: priceMatchRequests.currency,
    })
    .from(priceMatchRequests)
    .where(
      and(
        eq(priceMatchRequests.userId, userId),
        inArray(priceMatchRequests.offerId, offerIds),
        eq(priceMatchRequests.status, 'approved'),
        gt(priceMatchRequests.expiresAt, now),
      ),
    );
  for (const row of rows) {
    const known = best.get(row.offerId);
    if (!known || row.amount < known.amount) best.set(row.offerId, row);
  }
  return best;
}

interface StoreRow {
  id: string;
  slug: string;
  name: string;
  logo: CartStore['logo'];
  addressLine: string;
  lat: number;
  lng: number;
  currency: string;
  fulfilment: CartStore['fulfilment'];
  pickupReadyMinutes: number | null;
  delivery: CartStore['delivery'];
  taxRateBps: number;
  hours: OpeningHours;
}

/**
 * The stores of the cart with what checkout offers them at `now`, on each store's own hours and
 * time zone: when a pickup order would be ready, and why same-day delivery is not on (ready-time.ts).
 */
function summarise(lines: PricedCartLine[], storeRows: StoreRow[], now: Date): CartSummary {
  const stores = new Map<string, CartStore>();
  for (const row of storeRows) {
    if (stores.has(row.id)) continue;
    const methods = offeredMethods(row.fulfilment);
    const picksUp = methods.includes('reserve_pickup') || methods.includes('buy_online_pickup');
    stores.set(row.id, {
      id: row.id,
      slug: row.slug,
      name: row.name,
      logo: row.logo,
      addressLine: row.addressLine,
      lat: row.lat,
      lng: row.lng,
      fulfilment: row.fulfilment,
      pickupPromise: picksUp ? pickupPromiseAt(row.hours, now, row.pickupReadyMinutes) : null,
      delivery: row.delivery,
      deliveryUnavailable: methods.includes('same_day_delivery')
        ? sameDayDeliveryRefusal(row, now)
        : null,
      taxRateBps: row.taxRateBps,
      lineIds: [],
      subtotal: { amount: 0, currency: row.currency } satisfies Money,
      itemCount: 0,
    });
  }
  for (const line of lines) {
    const store = stores.get(line.businessId);
    if (!store) continue;
    store.lineIds.push(line.id);
    store.subtotal = { ...store.subtotal, amount: store.subtotal.amount + line.lineTotal.amount };
    store.itemCount += line.quantity;
  }
  const kept = [...stores.values()].filter((store) => store.lineIds.length > 0);
  return {
    stores: kept,
    itemCount: lines.reduce((sum, line) => sum + line.quantity, 0),
    canCheckout:
      lines.length > 0 && lines.every((line) => line.notices.every((notice) => !notice.blocking)),
  };
}
