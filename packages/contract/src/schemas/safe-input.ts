import { z } from 'zod';

/**
 * Input that cannot reach the database as a crash (issue 13). PostgreSQL refuses a NUL byte in text
 * and an integer outside its column's range with an error, so every request schema refuses them first,
 * with a sentence a person can act on. A lone UTF-16 surrogate (half of an emoji, as a broken copy and
 * paste leaves it) would be stored as U+FFFD, silently changing the text, so it is refused too.
 */

/** PostgreSQL `integer`, the type of every whole-number column (quantities, positions, money). */
export const INT4_MIN = -2_147_483_648;
export const INT4_MAX = 2_147_483_647;
/** The most minor units a money column holds (21,474,836.47 in a currency with two decimals). */
export const MINOR_UNITS_MAX = INT4_MAX;
/**
 * The most a price (or any amount a store or shopper types) can be: 999,999.99. Well inside a money
 * column, so that a cart line of the most units of the dearest item still fits one.
 */
export const PRICE_MAX_MINOR = 99_999_999;

/** Marks an issue raised by `safeText()`; the server names the field from the issue's path. */
export const UNSAFE_TEXT_ISSUE = 'unsafe_text';

export type UnsafeTextReason = 'control' | 'broken';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored as it is: a NUL byte, or half of a surrogate pair; else undefined. */
export function unsafeTextReason(value: string): UnsafeTextReason | undefined {
  if (value.includes('\u0000')) return 'control';
  if (LONE_SURROGATE.test(value)) return 'broken';
  return undefined;
}

export const inputMessages = {
  controlCharacter: (label: string) => `Remove the invisible control character from ${label}.`,
  brokenCharacter: (label: string) =>
    `Remove the broken character (half of an emoji or symbol) from ${label}.`,
  unsafeText: (reason: UnsafeTextReason, label: string) =>
    reason === 'control'
      ? inputMessages.controlCharacter(label)
      : inputMessages.brokenCharacter(label),
  wholeNumber: (label: string) => `Enter a whole number for ${label}.`,
  tooLarge: (label: string, max: number) => `Enter at most ${max} for ${label}.`,
  tooSmall: (label: string, min: number) => `Enter at least ${min} for ${label}.`,
  amountTooLarge: 'That amount is too large; enter at most 999,999.99.',
} as const;

/** The label used when no field can be named: a form shows the message beside its field anyway. */
export const THIS_FIELD = 'this field';

/**
 * A field's key as words for a message: `businessName` -> "the business name", `first_name` ->
 * "the first name"; array indexes and other non-words are skipped. Used only where a schema gave no
 * label of its own.
 */
export function fieldLabel(path: readonly PropertyKey[]): string {
  for (let index = path.length - 1; index >= 0; index--) {
    const key = path[index];
    if (typeof key !== 'string' || !/[A-Za-z]/.test(key)) continue;
    const words = key
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/[_-]+/g, ' ')
      .trim()
      .toLowerCase();
    if (words !== '') return `the ${words}`;
  }
  return THIS_FIELD;
}

type StringParams = Parameters<typeof z.string>[0];

/**
 * The string schema of every request field: `z.string()` that refuses NUL and lone surrogates.
 * `label` names the field in the message ("your first name"); without it the server names the field
 * from its key and a form shows the message beside its field.
 */
export function safeText(params?: StringParams, options: { label?: string } = {}) {
  const label = options.label;
  return z.string(params).superRefine((value, context) => {
    const reason = unsafeTextReason(value);
    if (reason === undefined) return;
    context.addIssue({
      code: 'custom',
      message: inputMessages.unsafeText(reason, label ?? THIS_FIELD),
      params: { reason: UNSAFE_TEXT_ISSUE, unsafe: reason, labelled: label !== undefined },
      input: value,
    });
  });
}

/** Whether an issue came from `safeText()` without its own label, so the server may name the field. */
export function unlabelledUnsafeText(
  issue: z.core.$ZodIssue,
): { unsafe: UnsafeTextReason } | undefined {
  if (issue.code !== 'custom') return undefined;
  const params = issue.params as
    { reason?: unknown; unsafe?: unknown; labelled?: unknown } | undefined;
  if (params?.reason !== UNSAFE_TEXT_ISSUE || params.labelled === true) return undefined;
  return { unsafe: params.unsafe === 'broken' ? 'broken' : 'control' };
}

/**
 * A whole number that fits a PostgreSQL `integer` column; `label` names it in the messages
 * ("the quantity"). Narrow it further with `.min()` / `.max()` as the field needs.
 */
export function int4(label: string = THIS_FIELD) {
  return z
    .number()
    .int({ error: inputMessages.wholeNumber(label) })
    .min(INT4_MIN, { error: inputMessages.tooSmall(label, INT4_MIN) })
    .max(INT4_MAX, { error: inputMessages.tooLarge(label, INT4_MAX) });
}
