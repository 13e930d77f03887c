import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { INT4_MAX, INT4_MIN, safeText } from '@localmart/contract';
import { z } from 'zod';
import { decodeCursor, pageOf } from './cursor.ts';

/**
 * Keyset pagination for the catalogue lists (food items, services, flyers): one description of the
 * sort order drives the ORDER BY, the cursor's shape and the "after the cursor" condition, so the three
 * can never disagree. The cursor starts with the order's name: a cursor minted for another order is a
 * 400 rather than a silently wrong page.
 *
 * Candidates for shared/ once the products list wants the same (see the report of this change).
 */

type Expr = AnyColumn | SQL;

/** The SQL type a key value is compared as; also decides how the cursor value is checked. */
export type KeyType = 'float8' | 'int4' | 'text' | 'uuid';

export interface KeyPart {
  expr: Expr;
  type: KeyType;
  direction: 'asc' | 'desc';
}

export interface KeyOrder<TRow = unknown> {
  /** Names the order inside the cursor ('distance', 'price_asc', ...). */
  name: string;
  /** Sort keys, most significant first; the last one must be unique (the row id). */
  parts: readonly KeyPart[];
  /**
   * A fetched row's values of `parts`, in order and unrounded (a rounded distance would skip or
   * repeat rows at the page boundary).
   */
  keyOf: (row: TRow) => readonly (number | string)[];
}

/** What a cursor value must be to compare as its SQL type without a database error (3e9 is no int4). */
const valueSchemas: Record<KeyType, z.ZodType<number | string>> = {
  float8: z.number(),
  int4: z.number().int().min(INT4_MIN).max(INT4_MAX),
  text: safeText(),
  uuid: z.uuid(),
};

function typed(value: number | string, type: KeyType): SQL {
  return sql`${value}::${sql.raw(type)}`;
}

export function orderBySql(order: KeyOrder<never>): SQL[] {
  return order.parts.map((part) =>
    part.direction === 'asc' ? sql`${part.expr} asc` : sql`${part.expr} desc`,
  );
}

/** Rows strictly after `values` in `order`: (a > x) or (a = x and ((b > y) or ...)). */
function afterSql(parts: readonly KeyPart[], values: readonly (number | string)[]): SQL {
  const [part, ...rest] = parts;
  const [value, ...restValues] = values;
  if (part === undefined || value === undefined) return sql`false`;
  const bound = typed(value, part.type);
  const beyond =
    part.direction === 'asc' ? sql`${part.expr} > ${bound}` : sql`${part.expr} < ${bound}`;
  if (rest.length === 0) return beyond;
  return sql`(${beyond} or (${part.expr} = ${bound} and ${afterSql(rest, restValues)}))`;
}

function cursorShape(order: KeyOrder<never>) {
  return z
    .tuple([z.literal(order.name)], z.union([z.number(), z.string()]))
    .refine(
      (key) =>
        key.length === order.parts.length + 1 &&
        order.parts.every(
          (part, index) => valueSchemas[part.type].safeParse(key[index + 1]).success,
        ),
    );
}

/** The WHERE condition that continues after `cursor` (400 when it does not fit this order). */
export function afterCursorSql(order: KeyOrder<never>, cursor: string): SQL {
  const [, ...values] = decodeCursor(cursor, cursorShape(order));
  return afterSql(order.parts, values);
}

/** One page from `limit + 1` rows; the cursor carries the order's name and the last row's key. */
export function keyedPage<TRow, TItem>(
  rows: readonly TRow[],
  limit: number,
  order: KeyOrder<TRow>,
  toItem: (row: TRow) => TItem,
): Page<TItem> {
  return pageOf(rows, limit, (row) => [order.name, ...order.keyOf(row)], toItem);
}

export interface Page<TItem> {
  results: TItem[];
  /** Null on the last page. */
  nextCursor: string | null;
}
