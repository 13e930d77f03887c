import type { ChosenOption, MenuItemOptionGroup, Money } from '@localmart/contract';

/** Either way `options` are the chosen ids the item still has, in menu order. */
export type ResolvedOptions = { ok: boolean; options: ChosenOption[] };

/**
 * The shopper's option ids checked against the item's current option groups: every id must name an
 * option of the item (once), and each group's count must sit within its min and max. Answers the
 * chosen options in menu order, so the same choice always reads the same way.
 */
export function resolveOptions(
  groups: readonly MenuItemOptionGroup[],
  optionIds: readonly string[],
): ResolvedOptions {
  const wanted = new Set(optionIds);
  let ok = wanted.size === optionIds.length;
  const options: ChosenOption[] = [];
  for (const group of groups) {
    const chosen = group.options.filter((option) => wanted.has(option.id));
    if (chosen.length < group.minChoices || chosen.length > group.maxChoices) ok = false;
    for (const option of chosen) {
      wanted.delete(option.id);
      options.push({
        groupId: group.id,
        groupName: group.name,
        optionId: option.id,
        name: option.name,
        priceDelta: option.priceDelta,
      });
    }
  }
  return { ok: ok && wanted.size === 0, options };
}

/**
 * The unit price of a dish with its chosen options: the item's price plus each option's delta.
 * Money never goes below zero (issue 12). An option may only add, and the contract and the database
 * both refuse a negative price or delta; one that got in around them (old data, a hand-made row)
 * makes the dish not sellable (`ok` false), and its price reads 0, never less, so no line, order or
 * checkout total built on it can be negative.
 */
export function menuUnitPrice(
  item: Money,
  options: readonly Pick<ChosenOption, 'priceDelta'>[],
): { price: Money; ok: boolean } {
  const amounts = [item.amount, ...options.map((option) => option.priceDelta.amount)];
  const ok = amounts.every((amount) => Number.isSafeInteger(amount) && amount >= 0);
  const amount = amounts.reduce((sum, each) => sum + each, 0);
  const shown = ok ? amount : Number.isSafeInteger(amount) ? Math.max(0, amount) : 0;
  return { price: { amount: shown, currency: item.currency }, ok };
}

/** The line key of a choice: equal choices, in any order, make the same key. */
export function optionsKey(optionIds: readonly string[]): string {
  return [...optionIds].sort().join(',');
}
