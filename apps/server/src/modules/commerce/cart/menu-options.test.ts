import type { MenuItemOptionGroup } from '@localmart/contract';
import { describe, expect, it } from 'vitest';
import { menuUnitPrice, optionsKey, resolveOptions } from './menu-options.ts';

const money = (amount: number) => ({ amount, currency: 'CAD' });
const SIZE = 'a0000000-0000-4000-8000-000000000001';
const SMALL = 'a0000000-0000-4000-8000-000000000011';
const LARGE = 'a0000000-0000-4000-8000-000000000012';
const EXTRAS = 'a0000000-0000-4000-8000-000000000002';
const CHEESE = 'a0000000-0000-4000-8000-000000000021';
const BACON = 'a0000000-0000-4000-8000-000000000022';

const groups: MenuItemOptionGroup[] = [
  {
    id: SIZE,
    name: 'Size',
    minChoices: 1,
    maxChoices: 1,
    options: [
      { id: SMALL, name: 'Small', priceDelta: money(0) },
      { id: LARGE, name: 'Large', priceDelta: money(150) },
    ],
  },
  {
    id: EXTRAS,
    name: 'Extras',
    minChoices: 0,
    maxChoices: 2,
    options: [
      { id: CHEESE, name: 'Cheese', priceDelta: money(100) },
      { id: BACON, name: 'Bacon', priceDelta: money(200) },
    ],
  },
];

describe('resolveOptions', () => {
  it('answers the chosen options in menu order with their groups', () => {
    const resolved = resolveOptions(groups, [BACON, LARGE]);
    expect(resolved.ok).toBe(true);
    expect(resolved.options).toEqual([
      { groupId: SIZE, groupName: 'Size', optionId: LARGE, name: 'Large', priceDelta: money(150) },
      {
        groupId: EXTRAS,
        groupName: 'Extras',
        optionId: BACON,
        name: 'Bacon',
        priceDelta: money(200),
      },
    ]);
  });

  it.each([
    ['a required group left empty', [CHEESE]],
    ['two choices where one is allowed', [SMALL, LARGE]],
    ['an option the item does not have', [SMALL, 'a0000000-0000-4000-8000-000000000099']],
    ['the same option twice', [SMALL, CHEESE, CHEESE]],
  ])('refuses %s', (_case, ids) => {
    expect(resolveOptions(groups, ids).ok).toBe(false);
  });

  it('keeps the options still on the menu when the choice no longer fits', () => {
    const resolved = resolveOptions(groups, [SMALL, 'a0000000-0000-4000-8000-000000000099']);
    expect(resolved.options.map((option) => option.optionId)).toEqual([SMALL]);
  });
});

describe('optionsKey', () => {
  it('is the same for the same choice in any order, and differs for another choice', () => {
    expect(optionsKey([BACON, LARGE])).toBe(optionsKey([LARGE, BACON]));
    expect(optionsKey([BACON, LARGE])).not.toBe(optionsKey([LARGE]));
    expect(optionsKey([])).toBe('');
  });
});

describe('menuUnitPrice', () => {
  it('adds the chosen options to the item price', () => {
    const { options } = resolveOptions(groups, [LARGE, CHEESE, BACON]);
    expect(menuUnitPrice(money(1000), options)).toEqual({ price: money(1450), ok: true });
    expect(menuUnitPrice(money(0), [])).toEqual({ price: money(0), ok: true });
  });

  it('never answers a negative price: an option that lowers it makes the dish not sellable', () => {
    // The $268.89 + negative-item checkout of issue 12: a -$56.50 "option" on a $5.00 dish.
    const lowering = [{ priceDelta: money(-5650) }];
    const answer = menuUnitPrice(money(500), lowering);
    expect(answer.ok).toBe(false);
    expect(answer.price.amount).toBe(0);
    for (const quantity of [1, 2, 10]) {
      expect(answer.price.amount * quantity).toBeGreaterThanOrEqual(0);
    }
    // Still refused when the total stays above zero: an option may only add.
    expect(menuUnitPrice(money(500), [{ priceDelta: money(-100) }])).toEqual({
      price: money(400),
      ok: false,
    });
    expect(menuUnitPrice(money(-100), []).ok).toBe(false);
    expect(menuUnitPrice(money(500), [{ priceDelta: money(Number.NaN) }]).price.amount).toBe(0);
  });
});
