import { z } from 'zod';
import { HttpError } from '../../../plugins/errors.ts';
import { findUnsafeText } from '../../../plugins/safe-input.ts';

/**
 * Keyset cursors: the last row's sort key (e.g. [distance, id]) as URL-safe base64 JSON. Opaque to
 * clients; a cursor that does not decode to the expected shape is a 400, never a 500.
 */
export const INVALID_CURSOR_MESSAGE = 'cursor is not valid';

/**
 * An instant as a cursor carries it, accepted only when PostgreSQL reads it as a timestamptz too:
 * ISO 8601 with a real date and time (no 30 February, no 24:00), a year from 1 to 9999 and an offset
 * of at most 15 hours. Also reads PostgreSQL's own `timestamptz::text` ("2025-06-13 20:00:00.123+00").
 */
const INSTANT_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(Z|[+-](\d{2})(?::?(\d{2}))?)$/;

export function isCursorInstant(text: string): boolean {
  const match = INSTANT_TEXT.exec(text);
  if (!match) return false;
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as number[];
  const offsetHours = Number(match[8] ?? 0);
  const offsetMinutes = Number(match[9] ?? 0);
  const date = new Date(Date.UTC(2000, month! - 1, day!));
  return (
    year! >= 1 &&
    month! >= 1 &&
    month! <= 12 &&
    // The day exists in that month (year 2000 is a leap year; 29 February is checked below).
    date.getUTCMonth() === month! - 1 &&
    (month !== 2 || day !== 29 || (year! % 4 === 0 && (year! % 100 !== 0 || year! % 400 === 0))) &&
    hour! < 24 &&
    minute! < 60 &&
    second! < 60 &&
    offsetHours <= 15 &&
    offsetMinutes < 60
  );
}

/** A cursor's ISO instant (toISOString), for the tuple shapes given to decodeCursor. */
export const cursorInstantSchema = z.iso.datetime().refine(isCursorInstant);

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
  // A key is compared in SQL: a NUL (or half a surrogate pair) in one would be a database error.
  if (findUnsafeText(parsed)) throw new HttpError(400, INVALID_CURSOR_MESSAGE);
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
