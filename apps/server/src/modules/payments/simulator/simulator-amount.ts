/**
 * The simulator does not know the currency (PayU's protocol carries none), so it compares and adds
 * amounts as decimal text scaled to thousandths, the most decimals any currency we price in has.
 */

const AMOUNT = /^(\d{1,15})(?:\.(\d{1,3}))?$/;

/** "12.5" -> 12500n; null for anything that is not a plain non-negative amount. */
export function toThousandths(text: string): bigint | null {
  const match = AMOUNT.exec(text.trim());
  if (!match) return null;
  return BigInt(`${match[1]}${(match[2] ?? '').padEnd(3, '0')}`);
}

/** 12500n -> "12.50"; 1234n -> "1.234": two decimals unless the third is needed. */
export function fromThousandths(value: bigint): string {
  const whole = value / 1000n;
  const fraction = (value % 1000n).toString().padStart(3, '0');
  return `${whole}.${fraction.endsWith('0') ? fraction.slice(0, 2) : fraction}`;
}
