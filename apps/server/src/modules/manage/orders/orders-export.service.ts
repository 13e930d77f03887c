import {
  addDays,
  FULFILMENT_LABELS,
  formatClock,
  fromLocalDateTime,
  currencyDigits,
  ORDER_STATUS_LABELS,
  type OrdersExportQuery,
  parseLocalDate,
  toLocalDateTime,
  formatLocalDate,
  manageMessages,
} from '@localmart/contract';
import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { businesses } from '../../../db/schema/catalog.ts';
import { orders } from '../../../db/schema/commerce.ts';
import { users } from '../../../db/schema/accounts.ts';
import { HttpError } from '../../../plugins/errors.ts';
import { itemCountSql, storeVisible } from './store-orders.service.ts';

export const ORDERS_EXPORT_COLUMNS = [
  'Order',
  'Placed (store time)',
  'Status',
  'Fulfilment',
  'Customer',
  'Items',
  'Subtotal',
  'Discount',
  'Delivery fee',
  'Tax',
  'Total',
  'Charged',
  'Refunded',
  'Currency',
] as const;

/**
 * A spreadsheet cell: quoted when it holds a comma, quote or line break, and a text starting like a
 * formula (=, +, -, @) is prefixed with ' so a spreadsheet never runs a customer's name as one.
 */
export function csvCell(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** An amount in minor units as a plain decimal a spreadsheet sums ('12.50'). */
function decimal(amount: number, currency: string): string {
  const digits = currencyDigits(currency);
  return (amount / 10 ** digits).toFixed(digits);
}

/**
 * The store's orders placed from `from` to `to` (its own calendar days, both included) as CSV, one
 * row per order, oldest first: what the owner's accountant reconciles against the payouts.
 */
export async function ordersExportCsv(
  db: Database,
  businessId: string,
  range: OrdersExportQuery,
): Promise<{ csv: string; filename: string; count: number }> {
  const [store] = await db
    .select({ hours: businesses.hours, storeCode: businesses.storeCode })
    .from(businesses)
    .where(eq(businesses.id, businessId));
  if (!store) throw new HttpError(404, manageMessages.storeNotFound);
  const { timeZone } = store.hours;
  const from = parseLocalDate(range.from);
  const to = parseLocalDate(range.to);
  if (!from || !to) throw new HttpError(400, 'Choose the first and last day to export.');
  const start = fromLocalDateTime({ ...from, hour: 0, minute: 0 }, timeZone);
  const end = fromLocalDateTime({ ...addDays(to, 1), hour: 0, minute: 0 }, timeZone);
  const rows = await db
    .select({
      number: orders.number,
      placedAt: orders.placedAt,
      status: orders.status,
      fulfilment: orders.fulfilment,
      customer: users.displayName,
      itemCount: itemCountSql,
      subtotal: orders.subtotalAmount,
      discount: orders.discountAmount,
      deliveryFee: orders.deliveryFeeAmount,
      tax: orders.taxAmount,
      total: orders.totalAmount,
      captured: orders.capturedAmount,
      refunded: orders.refundedAmount,
      currency: orders.currency,
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .where(and(storeVisible(businessId), gte(orders.placedAt, start), lt(orders.placedAt, end)))
    .orderBy(asc(orders.placedAt), asc(orders.number));
  const lines = [ORDERS_EXPORT_COLUMNS.map(csvCell).join(',')];
  for (const row of rows) {
    const placed = row.placedAt ? toLocalDateTime(row.placedAt, timeZone) : null;
    const money = (amount: number) => decimal(amount, row.currency);
    lines.push(
      [
        row.number,
        placed ? `${formatLocalDate(placed)} ${formatClock(placed)}` : '',
        ORDER_STATUS_LABELS[row.status],
        FULFILMENT_LABELS[row.fulfilment],
        row.customer,
        row.itemCount,
        money(row.subtotal),
        money(row.discount),
        money(row.deliveryFee),
        money(row.tax),
        money(row.total),
        money(row.captured),
        money(row.refunded),
        row.currency,
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return {
    // CRLF as RFC 4180 writes it; spreadsheets read either.
    csv: `${lines.join('\r\n')}\r\n`,
    filename: `orders-${store.storeCode}-${range.from}-to-${range.to}.csv`,
    count: rows.length,
  };
}
