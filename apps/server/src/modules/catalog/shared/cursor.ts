import type { z } from 'zod';
import { HttpError } from '../../../plugins/errors.ts';

/**
 * Keyset cursors: the last row's sort key (e.g. [distance, id]) as URL-safe base64 JSON. Opaque to
 * clients; a cursor that does not decode to the expected shape is a 400, never a 500.
 */
export const INVALID_CURSOR_MESSAGE = 'cursor is not valid';

export function encodeCursor(key: readonly unknown[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

export function decodeCursor<T extends z.ZodType>(cursor: string, shape: T): z.output<T> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new HttpError(400, INVALID_CURSOR_MESSAGE);
  }
  const result = shape.safeParse(parsed);
  if (!result.success) throw new HttpError(400, INVALID_CURSOR_MESSAGE);
  return result.data;
}

/**
 * One page from `limit + 1` fetched rows: the extra row only tells that another page exists, and the
 * cursor is the key of the last row returned.
 */
export function pageOf<TRow, TItem>(
  rows: readonly TRow[],
  limit: number,
  keyOf: (row: TRow) => readonly unknown[],
  toItem: (row: TRow) => TItem,
): { results: TItem[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    results: page.map(toItem),
    nextCursor: rows.length > limit && last !== undefined ? encodeCursor(keyOf(last)) : null,
  };
}
