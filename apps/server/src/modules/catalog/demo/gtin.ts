import { gtinCheckDigit } from '@localmart/contract';

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
