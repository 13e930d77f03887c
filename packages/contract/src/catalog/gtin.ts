/**
 * GTIN check digits (GS1 mod-10): weights 3 and 1 alternate from the rightmost body digit. One copy
 * for the demo generator, the product form and the inventory feed validator, so a code one accepts is
 * never refused by another.
 */
export function gtinCheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new RangeError(`GTIN body must be digits; got "${body}"`);
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** GTIN-8, -12, -13 or -14 with a valid check digit. */
export function isValidGtin(code: string): boolean {
  if (!/^(?:\d{8}|\d{12,14})$/.test(code)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.slice(-1));
}

export const gtinMessages = {
  digits:
    'A barcode number (GTIN) has 8, 12, 13 or 14 digits. Leave it empty for your own products.',
  checkDigit: 'The GTIN check digit is wrong: check the number under the barcode.',
} as const;

/** A typed barcode without spaces or dashes ("0 12345-67890 5" as printed under some barcodes). */
export function normalizedGtin(value: string | null | undefined): string | null {
  const code = (value ?? '').replace(/[\s-]+/g, '');
  return code === '' ? null : code;
}

/**
 * The one rule for a barcode that may be left out (a store's own products have none): null when it
 * is absent or valid, else the retailer's words. Shared by the product form, the server and feeds,
 * so a row one accepts is never refused by another.
 */
export function optionalGtinProblem(value: string | null | undefined): string | null {
  const code = normalizedGtin(value);
  if (code === null) return null;
  if (!/^(?:\d{8}|\d{12,14})$/.test(code)) return gtinMessages.digits;
  return isValidGtin(code) ? null : gtinMessages.checkDigit;
}
