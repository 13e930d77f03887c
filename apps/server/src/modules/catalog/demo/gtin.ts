/**
 * GTIN check digits (GS1 mod-10): weights 3 and 1 alternate from the rightmost body digit. Products
 * carry GTIN-13s (ISBN-13s for books) with a valid check digit, so a scanner or a feed validator
 * would accept them.
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

export function isValidGtin(code: string): boolean {
  if (!/^(?:\d{8}|\d{12,14})$/.test(code)) return false;
  return gtinCheckDigit(code.slice(0, -1)) === Number(code.slice(-1));
}

const ITEM_SPACE = 100_000_000_000; // 11 digits
const BOOK_SPACE = 1_000_000_000; // 9 digits
/** Odd and not a multiple of 5, so `index * MULTIPLIER mod 10^n` visits every number once. */
const MULTIPLIER = 7_919_393;

/**
 * A GTIN-13 unique per product index: '0' (US/Canada UPC range), then 11 digits that look random
 * but are a bijection of the index, then the check digit. Books get ISBN-13s ('978' + 9 digits).
 * `offset` (from the seed) varies the codes between cities without breaking uniqueness.
 */
export function demoGtin13(index: number, offset: number, kind: 'item' | 'book'): string {
  const space = kind === 'book' ? BOOK_SPACE : ITEM_SPACE;
  const width = kind === 'book' ? 9 : 11;
  // BigInt: index * MULTIPLIER outgrows 2^53 at bench scale.
  const scrambled = (BigInt(index) * BigInt(MULTIPLIER) + BigInt(offset)) % BigInt(space);
  const body = `${kind === 'book' ? '978' : '0'}${scrambled.toString().padStart(width, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}
