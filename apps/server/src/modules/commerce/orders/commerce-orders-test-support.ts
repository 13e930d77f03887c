import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type {
  FulfilmentMethod,
  OrderStatus,
  PaymentMode,
  PaymentStatus,
} from '@localmart/contract';
import type { Database } from '../../../db/client.ts';
import { offers } from '../../../db/schema/catalog.ts';
import { checkouts, orderItems, orders, payments } from '../../../db/schema/commerce.ts';
import { newTxnid, pickupAlphabetCode } from '../checkout/place.service.ts';

/**
 * Orders written straight into the database in any status, for tests of what happens to an order
 * after it exists (transitions, order pages) without walking the checkout and payment first.
 */
export async function insertOrder(
  db: Database,
  input: {
    userId: string;
    businessId: string;
    offerId: string;
    quantity?: number;
    status: OrderStatus;
    fulfilment: FulfilmentMethod;
    now: Date;
    payment?: { mode: PaymentMode; status: PaymentStatus; providerRef?: string };
  },
): Promise<{ orderId: string; checkoutId: string; paymentId: string | null }> {
  const [checkout] = await db
    .insert(checkouts)
    .values({ userId: input.userId, idempotencyKey: randomUUID(), createdAt: input.now })
    .returning({ id: checkouts.id });
  const checkoutId = checkout!.id;
  const [payment] = input.payment
    ? await db
        .insert(payments)
        .values({
          checkoutId,
          userId: input.userId,
          provider: 'payu',
          mode: input.payment.mode,
          txnid: newTxnid(),
          amount: 1130,
          currency: 'CAD',
          status: input.payment.status,
          providerRef: input.payment.providerRef ?? null,
          capturedAmount: input.payment.status === 'captured' ? 1130 : 0,
        })
        .returning({ id: payments.id })
    : [];
  // An order past payment holds its share of the card; a charge (or a captured hold) took it.
  const paid =
    input.payment &&
    ['authorised', 'captured'].includes(input.payment.status) &&
    !['awaiting_payment', 'payment_failed'].includes(input.status);
  const captured = paid && input.payment!.status === 'captured';
  const [order] = await db
    .insert(orders)
    .values({
      authorisedAmount: paid ? 1130 : 0,
      capturedAmount: captured ? 1130 : 0,
      number: `LM-${pickupAlphabetCode(6)}`,
      checkoutId,
      userId: input.userId,
      businessId: input.businessId,
      paymentId: payment?.id ?? null,
      status: input.status,
      fulfilment: input.fulfilment,
      currency: 'CAD',
      subtotalAmount: 1000,
      taxAmount: 130,
      taxRateBps: 1300,
      totalAmount: 1130,
      pickupCode: pickupAlphabetCode(),
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning({ id: orders.id });
  const orderId = order!.id;
  await db.insert(orderItems).values({
    orderId,
    kind: 'product',
    offerId: input.offerId,
    title: 'Test item',
    options: [],
    quantity: input.quantity ?? 2,
    unitAmount: 500,
    regularUnitAmount: 500,
    lineAmount: 1000,
  });
  return { orderId, checkoutId, paymentId: payment?.id ?? null };
}

export async function offerQuantity(db: Database, offerId: string): Promise<number> {
  const [row] = await db
    .select({ quantity: offers.quantity })
    .from(offers)
    .where(eq(offers.id, offerId));
  return row!.quantity;
}
