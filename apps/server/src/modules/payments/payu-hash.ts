import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * PayU's SHA-512 hashes (hosted checkout request, the response it posts back, and merchant API
 * commands). Field order and the empty udf6-udf10 slots are PayU's; one misplaced `|` and every
 * hash is wrong, which is why the test pins PayU's own example.
 */

export const PAYU_UDF_KEYS = ['udf1', 'udf2', 'udf3', 'udf4', 'udf5'] as const;
export type PayuUdfKey = (typeof PAYU_UDF_KEYS)[number];
export type PayuUdf = Partial<Record<PayuUdfKey, string>>;

export interface PayuRequestHashFields {
  key: string;
  txnid: string;
  amount: string;
  productinfo: string;
  firstname: string;
  email: string;
  udf?: PayuUdf | undefined;
}

export interface PayuResponseHashFields extends PayuRequestHashFields {
  status: string;
  /** Present when PayU added convenience fees: the reverse hash then starts with it. */
  additionalCharges?: string | undefined;
}

function sha512(text: string): string {
  return createHash('sha512').update(text, 'utf8').digest('hex');
}

function udfValues(udf: PayuUdf | undefined): string[] {
  return PAYU_UDF_KEYS.map((name) => udf?.[name] ?? '');
}

/** sha512(key|txnid|amount|productinfo|firstname|email|udf1|udf2|udf3|udf4|udf5||||||SALT) */
export function payuRequestHash(fields: PayuRequestHashFields, salt: string): string {
  return sha512(
    [
      fields.key,
      fields.txnid,
      fields.amount,
      fields.productinfo,
      fields.firstname,
      fields.email,
      ...udfValues(fields.udf),
      '',
      '',
      '',
      '',
      '',
      salt,
    ].join('|'),
  );
}

/**
 * sha512([additionalCharges|]SALT|status||||||udf5|udf4|udf3|udf2|udf1|email|firstname|productinfo|amount|txnid|key):
 * the request's fields in reverse, salted first, so only someone holding the salt can forge a result.
 */
export function payuResponseHash(fields: PayuResponseHashFields, salt: string): string {
  const parts = [
    salt,
    fields.status,
    '',
    '',
    '',
    '',
    '',
    ...udfValues(fields.udf).reverse(),
    fields.email,
    fields.firstname,
    fields.productinfo,
    fields.amount,
    fields.txnid,
    fields.key,
  ];
  if (fields.additionalCharges) parts.unshift(fields.additionalCharges);
  return sha512(parts.join('|'));
}

/** sha512(key|command|var1|salt): merchant API commands (verify_payment, capture_transaction...). */
export function payuCommandHash(key: string, command: string, var1: string, salt: string): string {
  return sha512([key, command, var1, salt].join('|'));
}

/** Constant-time comparison of two hex hashes, case-insensitive as PayU's are. */
export function hashesMatch(expected: string, given: string): boolean {
  const left = Buffer.from(expected.toLowerCase());
  const right = Buffer.from(given.trim().toLowerCase());
  return left.length === right.length && timingSafeEqual(left, right);
}
