import { currencyDigits, type Money, toMajorUnits } from '@localmart/contract';

/**
 * A stored amount as the owner types one in a price box: 1250 CAD -> '12.50' (no symbol, the
 * currency's own number of decimals). The contract's `parseMoney` reads the typed text back.
 */
export function moneyInputText(minor: number, currency: string): string {
  return toMajorUnits(minor, currency).toFixed(currencyDigits(currency));
}

/** The same for a Money value, or '' when there is none (an optional sale price). */
export function moneyValueInputText(money: Money | null | undefined): string {
  return money ? moneyInputText(money.amount, money.currency) : '';
}
