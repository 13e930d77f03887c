import { parseMoney } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { moneyInputText, moneyValueInputText } from './money-input.ts';

describe('money in price boxes', () => {
  it("writes a stored amount with the currency's decimals and no symbol", () => {
    expect(moneyInputText(1250, 'CAD')).toBe('12.50');
    expect(moneyInputText(5, 'CAD')).toBe('0.05');
    expect(moneyInputText(500, 'JPY')).toBe('500');
    expect(moneyValueInputText({ amount: 499, currency: 'CAD' })).toBe('4.99');
    expect(moneyValueInputText(null)).toBe('');
  });

  it('reads back to the same amount', () => {
    for (const amount of [0, 1, 99, 1250, 123456]) {
      expect(parseMoney(moneyInputText(amount, 'CAD'), 'CAD')).toBe(amount);
    }
  });
});
